DROP INDEX IF EXISTS communities_name_key;
--bun:split
ALTER TABLE communities DROP COLUMN IF EXISTS name_key;
--bun:split
CREATE UNIQUE INDEX communities_name_key ON communities (lower(name));
