DROP INDEX IF EXISTS likes_member_recent_idx;
