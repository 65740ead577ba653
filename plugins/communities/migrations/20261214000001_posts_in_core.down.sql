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
--bun:split
-- Comments, shares, translations and link previews have no place in the
-- old tables: they go with the posts.
INSERT INTO community_posts (id, community_id, author_id, text_content, media_path, type, created_at, updated_at, like_count)
SELECT id, audience_id, author_id, text_content, media_path, type, created_at, updated_at, like_count
FROM posts WHERE audience_id IS NOT NULL AND (text_content IS NOT NULL OR media_path IS NOT NULL);
--bun:split
INSERT INTO community_post_likes (post_id, user_id, created_at)
SELECT l.post_id, l.user_id, l.created_at FROM likes l JOIN community_posts p ON p.id = l.post_id;
--bun:split
UPDATE hashtags h SET usage_count = greatest(h.usage_count - n.n, 0)
FROM (SELECT ph.hashtag_id, count(*) AS n FROM post_hashtags ph JOIN posts p ON p.id = ph.post_id
      WHERE p.audience_id IS NOT NULL GROUP BY ph.hashtag_id) n
WHERE h.id = n.hashtag_id;
--bun:split
DELETE FROM posts WHERE audience_id IS NOT NULL;
--bun:split
ALTER TABLE posts DROP CONSTRAINT posts_audience_community_fk;
