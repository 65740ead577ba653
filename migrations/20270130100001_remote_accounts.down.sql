DELETE FROM profiles WHERE domain IS NOT NULL;
--bun:split
DROP VIEW member_cards;
--bun:split
CREATE VIEW member_cards AS
SELECT p.id, p.handle, p.display_name, p.avatar_path, p.is_verified,
    a.suspended_at IS NOT NULL AS suspended,
    a.deleted_at IS NOT NULL AS deleted
FROM profiles p
LEFT JOIN accounts a ON a.id = p.id;
--bun:split
ALTER TABLE profiles ADD CONSTRAINT profiles_id_fkey FOREIGN KEY (id) REFERENCES accounts (id) ON DELETE CASCADE;
--bun:split
ALTER TABLE profiles DROP COLUMN account_id;
--bun:split
ALTER TABLE profiles DROP CONSTRAINT profiles_handle_check;
--bun:split
ALTER TABLE profiles ADD CONSTRAINT profiles_handle_check CHECK (handle ~ '^[a-z0-9_]{3,30}$');
--bun:split
ALTER TABLE profiles DROP COLUMN remote_url, DROP COLUMN domain;
