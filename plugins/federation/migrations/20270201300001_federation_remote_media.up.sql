-- The remote posts whose image or video was copied into our storage, and
-- when: a copy older than federation.media.cache_days is taken away by the
-- job federation.expire_media (the post stays, as its text). A post whose
-- file was refused or is not copied yet has no row. The post is the posts
-- feature's, named without a reference (the plugin writes no core table):
-- a deleted post's file goes with it, and its row here with the expiry.
CREATE TABLE federation_remote_media (
    post_id   uuid PRIMARY KEY,
    author_id uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    copied_at timestamptz NOT NULL
);
CREATE INDEX federation_remote_media_copied ON federation_remote_media (copied_at);

-- The addresses of the avatar (icon) and banner (image) whose copies the
-- remote account's profile shows: a document fetched again that names
-- the same ones is not downloaded again.
ALTER TABLE federation_remote_actors ADD COLUMN icon_source text, ADD COLUMN image_source text;
