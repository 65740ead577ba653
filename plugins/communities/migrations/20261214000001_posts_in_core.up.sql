-- A community's posts are core posts written for the community as their
-- audience (visibility members_only, audience_id the community): they get
-- everything a post has. The community's deletion takes them with it.
-- The old tables stay, unused, for the nodes of the previous release still
-- running during a rolling update; a later release drops them.
ALTER TABLE posts ADD CONSTRAINT posts_audience_community_fk
    FOREIGN KEY (audience_id) REFERENCES communities (id) ON DELETE CASCADE;
--bun:split
INSERT INTO posts (id, author_id, text_content, media_path, type, visibility, audience_id, created_at, updated_at, like_count)
SELECT id, author_id, text_content, media_path, type, 'members_only', community_id, created_at, updated_at, like_count
FROM community_posts;
--bun:split
INSERT INTO likes (post_id, user_id, created_at)
SELECT post_id, user_id, created_at FROM community_post_likes;
