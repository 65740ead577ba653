-- The read contract of plugins: what a plugin may read of the core's
-- members, as views whose shape the core keeps whatever its tables
-- become. Each is a plain projection (no aggregate, no DISTINCT, no
-- function), so the planner inlines it into the plugin's query and the
-- tables' own indexes serve it; accounts is joined on its primary key
-- from the left, so a query that reads no standing never joins it.
--
-- member_cards: a member's card (the name as stored; the fallback for a
-- missing card is the application's) and whether their account is
-- suspended or deleted (a deleted account's card is its tombstone).
CREATE VIEW member_cards AS
SELECT p.id, p.handle, p.display_name, p.avatar_path, p.is_verified,
    a.suspended_at IS NOT NULL AS suspended,
    a.deleted_at IS NOT NULL AS deleted
FROM profiles p
LEFT JOIN accounts a ON a.id = p.id;
--bun:split
-- member_follows: who follows whom.
CREATE VIEW member_follows AS
SELECT f.follower_id, f.following_id
FROM follows f;
