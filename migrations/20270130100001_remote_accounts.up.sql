-- A remote account (an actor of another server of the social web) is a
-- profile with a domain, as Mastodon's accounts table keeps them: follows,
-- timelines, notifications, blocks and search work on it unchanged. It has
-- no row in accounts, so it can never sign in and gets no mail, push or
-- digest, and every count of accounts leaves it out. Its handle is
-- user@domain, lower case, so a handle still names one profile and no
-- local member's handle (which has no '@') can take it. remote_url is the
-- page the actor's server shows of it.
ALTER TABLE profiles
    ADD COLUMN domain text CHECK (domain ~ '^[a-z0-9.-]+(:[0-9]{1,5})?$' AND char_length(domain) <= 253),
    ADD COLUMN remote_url text CHECK (char_length(remote_url) <= 2048 AND remote_url ~ '^https?://'),
    ADD CONSTRAINT profiles_remote_page_check CHECK (domain IS NOT NULL OR remote_url IS NULL);
--bun:split
ALTER TABLE profiles DROP CONSTRAINT profiles_handle_check;
--bun:split
ALTER TABLE profiles ADD CONSTRAINT profiles_handle_check CHECK (CASE WHEN domain IS NULL
    THEN handle ~ '^[a-z0-9_]{3,30}$'
    ELSE handle ~ '^[a-z0-9_][a-z0-9_.-]{0,63}@' AND substr(handle, strpos(handle, '@') + 1) = domain END);
--bun:split
-- A local profile is its account's (and goes with it); a remote one has
-- none. The key is null for a remote profile, and a null key is not
-- checked.
ALTER TABLE profiles ADD COLUMN account_id uuid
    GENERATED ALWAYS AS (CASE WHEN domain IS NULL THEN id END) STORED
    REFERENCES accounts (id) ON DELETE CASCADE;
--bun:split
ALTER TABLE profiles DROP CONSTRAINT profiles_id_fkey;
--bun:split
CREATE INDEX profiles_domain_idx ON profiles (domain) WHERE domain IS NOT NULL;
--bun:split
-- The read contract gains the domain: null for a local member.
CREATE OR REPLACE VIEW member_cards AS
SELECT p.id, p.handle, p.display_name, p.avatar_path, p.is_verified,
    a.suspended_at IS NOT NULL AS suspended,
    a.deleted_at IS NOT NULL AS deleted,
    p.domain
FROM profiles p
LEFT JOIN accounts a ON a.id = p.id;
