CREATE OR REPLACE VIEW blocked_pairs AS
SELECT b.blocker_id, b.blocked_id
FROM member_blocks b;
--bun:split
DROP TABLE IF EXISTS member_domain_blocks;
