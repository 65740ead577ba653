-- A name must be unique whatever its case, and that must not depend on the
-- database's locale: under the C locale lower() folds ASCII letters only,
-- so 'CAFÉ' and 'Café' would both pass. The key is folded by the
-- application (Unicode lower case) and stored.
ALTER TABLE communities ADD COLUMN name_key text;
--bun:split
UPDATE communities SET name_key = lower(name);
--bun:split
ALTER TABLE communities ALTER COLUMN name_key SET NOT NULL;
--bun:split
DROP INDEX communities_name_key;
--bun:split
CREATE UNIQUE INDEX communities_name_key ON communities (name_key);
