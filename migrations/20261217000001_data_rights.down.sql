DROP TRIGGER profiles_handle_hold ON profiles;
--bun:split
DROP FUNCTION profiles_handle_not_held();
--bun:split
DROP TABLE handle_holds;
--bun:split
DROP TABLE data_exports;
--bun:split
DROP INDEX accounts_deleted_idx;
--bun:split
ALTER TABLE accounts DROP COLUMN deleted_at;
