UPDATE posts SET link_preview_image_path = NULL WHERE link_preview_image_path IS NOT NULL;
--bun:split
ALTER TABLE posts RENAME COLUMN link_preview_image_path TO link_preview_image_url;
