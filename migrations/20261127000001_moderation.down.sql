DROP TABLE IF EXISTS audit_log;
--bun:split
ALTER TABLE reports DROP COLUMN IF EXISTS resolution, DROP COLUMN IF EXISTS resolution_note;
--bun:split
DROP INDEX IF EXISTS posts_created_idx;
--bun:split
DROP INDEX IF EXISTS accounts_created_idx;
--bun:split
DROP INDEX IF EXISTS accounts_suspended_idx;
--bun:split
ALTER TABLE accounts DROP COLUMN IF EXISTS suspended_at, DROP COLUMN IF EXISTS suspended_reason;
