DROP TABLE community_post_likes;
--bun:split
DROP TABLE community_posts;
--bun:split
DROP TABLE community_members;
--bun:split
DROP TABLE communities;
