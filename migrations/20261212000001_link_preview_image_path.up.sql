-- A post's preview image is a copy in media storage, fetched once by the
-- server; members' browsers never load the address the linked page named.
-- Addresses kept so far are dropped: those previews show without a picture.
ALTER TABLE posts RENAME COLUMN link_preview_image_url TO link_preview_image_path;
--bun:split
UPDATE posts SET link_preview_image_path = NULL WHERE link_preview_image_path IS NOT NULL;
