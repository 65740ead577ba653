DROP TABLE IF EXISTS post_translations;
