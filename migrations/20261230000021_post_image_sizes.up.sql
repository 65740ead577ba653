-- An image post's size as shown and the widths of its smaller copies in
-- the blob store (domain.ImageVariantKey names them), so that screens
-- reserve the image's box before it loads and a phone downloads a copy
-- near its slot's width. Posts stored before have NULLs: no copies, size
-- unknown, the original alone.
ALTER TABLE posts
    ADD COLUMN media_width integer CHECK (media_width > 0),
    ADD COLUMN media_height integer CHECK (media_height > 0),
    ADD COLUMN media_variants integer[];
