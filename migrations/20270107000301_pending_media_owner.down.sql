DROP INDEX IF EXISTS pending_media_owner_idx;
