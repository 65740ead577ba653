-- The old tables come back empty, as 20261201000001_communities made them,
-- so that the down migration of 20261214000001_posts_in_core can fill them.
CREATE TABLE community_posts (
    id           uuid PRIMARY KEY,
    community_id uuid NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
    author_id    uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    text_content text CHECK (char_length(text_content) BETWEEN 1 AND 280),
    media_path   text,
    type         text NOT NULL DEFAULT 'text' CHECK (type IN ('text', 'image', 'video')),
    created_at   timestamptz NOT NULL,
    updated_at   timestamptz NOT NULL,
    like_count   integer NOT NULL DEFAULT 0 CHECK (like_count >= 0),
    CHECK (text_content IS NOT NULL OR media_path IS NOT NULL)
);
--bun:split
CREATE INDEX community_posts_feed_idx ON community_posts (community_id, created_at DESC, id DESC);
--bun:split
CREATE INDEX community_posts_author_idx ON community_posts (author_id);
--bun:split
CREATE TABLE community_post_likes (
    post_id    uuid NOT NULL REFERENCES community_posts (id) ON DELETE CASCADE,
    user_id    uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL,
    PRIMARY KEY (post_id, user_id)
);
--bun:split
CREATE INDEX community_post_likes_user_idx ON community_post_likes (user_id);
