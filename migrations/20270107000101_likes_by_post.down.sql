DROP INDEX IF EXISTS likes_post_recent_idx;
