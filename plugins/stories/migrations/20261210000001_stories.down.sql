DROP TABLE IF EXISTS story_views;
--bun:split
DROP TABLE IF EXISTS stories;
