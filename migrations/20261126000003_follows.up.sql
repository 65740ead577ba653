-- Who follows whom. profiles.follower_count and following_count are kept
-- in the transaction of the row they count (only when a row was really
-- inserted or deleted), so they always equal the rows.
CREATE TABLE follows (
    id           uuid PRIMARY KEY,
    follower_id  uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    following_id uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    created_at   timestamptz NOT NULL,
    CONSTRAINT follows_pair_key UNIQUE (follower_id, following_id),
    CONSTRAINT follows_not_self CHECK (follower_id <> following_id)
);
--bun:split
-- A profile's followers, newest first, paged by (created_at, id).
CREATE INDEX follows_following_idx ON follows (following_id, created_at DESC, id DESC);
--bun:split
-- Whom a profile follows, newest first, paged by (created_at, id).
CREATE INDEX follows_follower_idx ON follows (follower_id, created_at DESC, id DESC);
