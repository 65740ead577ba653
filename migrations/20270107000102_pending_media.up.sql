-- Files uploaded before their post (the Mastodon API's POST /api/v2/media):
-- checked and stored as a post's file, kept for their owner until one of
-- their posts takes them (post_id), else deleted with their file after a
-- day by posts.prune_pending_media.
CREATE TABLE pending_media (
    id             uuid PRIMARY KEY,
    owner_id       uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    post_id        uuid REFERENCES posts (id) ON DELETE CASCADE,
    media_path     text NOT NULL,
    type           text NOT NULL CHECK (type IN ('image', 'video')),
    media_width    integer,
    media_height   integer,
    media_variants integer[] NOT NULL DEFAULT '{}',
    image_alt      text,
    created_at     timestamptz NOT NULL
);
--bun:split
CREATE INDEX pending_media_stale_idx ON pending_media (created_at) WHERE post_id IS NULL;
--bun:split
CREATE INDEX pending_media_post_idx ON pending_media (post_id) WHERE post_id IS NOT NULL;
