ALTER TABLE posts
    DROP COLUMN media_variants,
    DROP COLUMN media_height,
    DROP COLUMN media_width;
