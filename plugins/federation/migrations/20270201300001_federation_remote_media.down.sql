ALTER TABLE federation_remote_actors DROP COLUMN icon_source, DROP COLUMN image_source;
DROP TABLE federation_remote_media;
