-- Posts, their hashtags and likes. Counters (like_count, profiles.post_count,
-- hashtags.usage_count) are kept in the transaction of the row they count.
CREATE TABLE posts (
    id                       uuid PRIMARY KEY,
    author_id                uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    text_content             text CHECK (char_length(text_content) BETWEEN 1 AND 280),
    media_path               text,
    type                     text NOT NULL DEFAULT 'text' CHECK (type IN ('text', 'image', 'video')),
    visibility               text NOT NULL DEFAULT 'public' CHECK (visibility IN ('public', 'friends_only')),
    created_at               timestamptz NOT NULL,
    updated_at               timestamptz NOT NULL,
    like_count               integer NOT NULL DEFAULT 0 CHECK (like_count >= 0),
    comment_count            integer NOT NULL DEFAULT 0 CHECK (comment_count >= 0),
    share_count              integer NOT NULL DEFAULT 0 CHECK (share_count >= 0),
    link_preview_url         text,
    link_preview_title       text,
    link_preview_description text,
    link_preview_image_url   text,
    link_preview_site_name   text
);
--bun:split
-- The public feed, newest first, paged by (created_at, id).
CREATE INDEX posts_public_feed_idx ON posts (created_at DESC, id DESC) WHERE visibility = 'public';
--bun:split
CREATE INDEX posts_author_idx ON posts (author_id, created_at DESC);
--bun:split
CREATE TABLE hashtags (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    tag         text NOT NULL CHECK (tag = lower(tag) AND char_length(tag) BETWEEN 1 AND 280),
    usage_count integer NOT NULL DEFAULT 0 CHECK (usage_count >= 0)
);
--bun:split
CREATE UNIQUE INDEX hashtags_tag_key ON hashtags (tag);
--bun:split
CREATE TABLE post_hashtags (
    post_id    uuid NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
    hashtag_id bigint NOT NULL REFERENCES hashtags (id) ON DELETE CASCADE,
    PRIMARY KEY (post_id, hashtag_id)
);
--bun:split
CREATE INDEX post_hashtags_hashtag_idx ON post_hashtags (hashtag_id);
--bun:split
CREATE TABLE likes (
    post_id    uuid NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
    user_id    uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL,
    PRIMARY KEY (post_id, user_id)
);
--bun:split
CREATE INDEX likes_user_idx ON likes (user_id, post_id);
