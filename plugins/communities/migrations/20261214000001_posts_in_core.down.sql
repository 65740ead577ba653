-- The old tables were kept: they take back the posts as they are now.
DELETE FROM community_posts c
WHERE NOT EXISTS (SELECT 1 FROM posts p WHERE p.id = c.id AND p.audience_id IS NOT NULL);
--bun:split
DELETE FROM community_post_likes;
--bun:split
-- Comments, shares, translations and link previews have no place in the
-- old tables: they go with the posts.
INSERT INTO community_posts (id, community_id, author_id, text_content, media_path, type, created_at, updated_at, like_count)
SELECT id, audience_id, author_id, text_content, media_path, type, created_at, updated_at, like_count
FROM posts WHERE audience_id IS NOT NULL AND (text_content IS NOT NULL OR media_path IS NOT NULL)
ON CONFLICT (id) DO UPDATE SET text_content = excluded.text_content, updated_at = excluded.updated_at,
    like_count = excluded.like_count;
--bun:split
INSERT INTO community_post_likes (post_id, user_id, created_at)
SELECT l.post_id, l.user_id, l.created_at FROM likes l JOIN posts p ON p.id = l.post_id
WHERE p.audience_id IS NOT NULL AND EXISTS (SELECT 1 FROM community_posts c WHERE c.id = p.id);
--bun:split
UPDATE hashtags h SET usage_count = greatest(h.usage_count - n.n, 0)
FROM (SELECT ph.hashtag_id, count(*) AS n FROM post_hashtags ph JOIN posts p ON p.id = ph.post_id
      WHERE p.audience_id IS NOT NULL GROUP BY ph.hashtag_id) n
WHERE h.id = n.hashtag_id;
--bun:split
DELETE FROM posts WHERE audience_id IS NOT NULL;
--bun:split
ALTER TABLE posts DROP CONSTRAINT posts_audience_community_fk;
