DROP INDEX IF EXISTS oauth_tokens_end_idx;
--bun:split
DROP INDEX IF EXISTS oauth_codes_expires_idx;
--bun:split
DROP INDEX IF EXISTS oauth_apps_unauthorized_idx;
--bun:split
ALTER TABLE oauth_apps DROP COLUMN IF EXISTS first_authorized_at;
