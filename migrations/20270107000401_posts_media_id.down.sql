ALTER TABLE posts DROP COLUMN media_id;
