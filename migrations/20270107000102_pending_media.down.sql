DROP TABLE IF EXISTS pending_media;
