DROP TABLE IF EXISTS likes;
--bun:split
DROP TABLE IF EXISTS post_hashtags;
--bun:split
DROP TABLE IF EXISTS hashtags;
--bun:split
DROP TABLE IF EXISTS posts;
