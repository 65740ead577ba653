-- Deleting an account finds its profile through account_id (the cascade
-- of the key that replaced profiles.id's): without an index each deletion
-- would read the whole table. Remote profiles have no account.
CREATE INDEX profiles_account_id_idx ON profiles (account_id) WHERE account_id IS NOT NULL;
