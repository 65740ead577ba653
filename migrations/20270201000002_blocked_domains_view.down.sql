DROP VIEW IF EXISTS blocked_domains;
--bun:split
CREATE OR REPLACE VIEW blocked_pairs AS
SELECT b.blocker_id, b.blocked_id
FROM member_blocks b
UNION ALL
SELECT d.member_id, p.id
FROM member_domain_blocks d
JOIN profiles p ON p.domain = d.domain;
