-- The pairs a domain block implies are not rows of blocked_pairs after
-- all: a read that honours blocks asks about each row's author, and the
-- planner answered it by listing every profile of each server the viewer
-- blocks (a feed of a member blocking a server of 20,000 accounts took
-- 65 ms instead of 0.05). blocked_pairs is the members' blocks again, and
-- blocked_domains the servers each member blocks: the reads ask it about
-- the author's domain (platform/pgkit/member_safety.go), one probe of
-- profiles' key and one of member_domain_blocks' key, and not even those
-- for a viewer who blocks no server.
CREATE OR REPLACE VIEW blocked_pairs AS
SELECT b.blocker_id, b.blocked_id
FROM member_blocks b;
--bun:split
CREATE VIEW blocked_domains AS
SELECT d.member_id, d.domain
FROM member_domain_blocks d;
