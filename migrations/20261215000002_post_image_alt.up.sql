-- The description of a post's image (its alt text), written by its author
-- for those who cannot see it. At most 1,500 characters; NULL when none.
ALTER TABLE posts ADD COLUMN image_alt text
    CHECK (image_alt IS NULL OR char_length(image_alt) BETWEEN 1 AND 1500);
