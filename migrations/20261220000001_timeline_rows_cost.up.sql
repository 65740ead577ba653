-- A new post is written into the timeline of each of its author's
-- followers, one row each: 9,999 rows for the most followed member of the
-- benchmark's data set. Two parts of each row's cost were not worth it:
--   * the key from member_id to profiles: PostgreSQL locked every
--     follower's profile row once per row written, and a member's timeline
--     is deleted with the member's other data (the data-rights erasure)
--     before the profile goes. A fan-out racing that erasure may leave a
--     few rows of a member nobody can read as any more, where the key made
--     the whole batch fail and stopped the fan-out for every other
--     follower in it;
--   * the index on (member_id, author_id): removing an author from a
--     timeline (unfollow, block, mute) reads the member's rows through the
--     primary key instead: 800 at most, and what arrived since the
--     hourly timelines.trim.
-- Measured on 10,000 followers with 200 rows each: 450 ms to write a post
-- into every timeline before, about 335 ms after. The key to posts stays: a
-- post's deletion takes its rows along, and a fan-out racing it stops.
ALTER TABLE timelines DROP CONSTRAINT IF EXISTS timelines_member_id_fkey;
--bun:split
DROP INDEX IF EXISTS timelines_author_idx;
