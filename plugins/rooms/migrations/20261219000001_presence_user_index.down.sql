DROP INDEX IF EXISTS listening_presence_user_idx;
