ALTER TABLE posts DROP COLUMN image_alt;
