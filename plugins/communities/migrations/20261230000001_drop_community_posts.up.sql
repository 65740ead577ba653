-- The old tables of community posts, unused since their rows moved into
-- the core's posts and likes (20261214000001_posts_in_core) and kept one
-- release for the nodes still reading them during a rolling update.
DROP TABLE community_post_likes;
--bun:split
DROP TABLE community_posts;
