ALTER TABLE refresh_tokens DROP COLUMN IF EXISTS grace_used_at;
