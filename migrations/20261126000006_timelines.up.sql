-- The 'Seguindo' feed: per-member timelines written at post time (fan-out
-- on write) by the timelines.fan_out job, filled with a followee's recent
-- posts on follow and cleaned on unfollow. A deleted post or member takes
-- its rows along. Rows beyond the cap per member are trimmed hourly.
CREATE TABLE timelines (
    member_id  uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    post_id    uuid NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
    author_id  uuid NOT NULL,
    created_at timestamptz NOT NULL, -- the post's, so pages need no join to order
    PRIMARY KEY (member_id, post_id)
);
--bun:split
-- Reading a page: newest first, cursor (created_at, post_id).
CREATE INDEX timelines_read_idx ON timelines (member_id, created_at DESC, post_id DESC);
--bun:split
-- Unfollow cleanup: one author's rows in one member's timeline.
CREATE INDEX timelines_author_idx ON timelines (member_id, author_id);
--bun:split
-- Fan-out and backfill walk a member's followers and followees.
CREATE INDEX follows_following_follower_idx ON follows (following_id, follower_id);
