-- OAuth 2 for the apps members use (the Mastodon client API's apps): the
-- registered apps, the one-time authorization codes and the access tokens
-- with their refresh tokens. Secrets, codes and tokens are kept as SHA-256
-- of 32 random bytes, never in plaintext. Times come from the
-- application's clock.
CREATE TABLE oauth_apps (
    id            uuid PRIMARY KEY,
    client_id     text NOT NULL UNIQUE,
    secret_hash   bytea NOT NULL,
    name          text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
    website       text CHECK (char_length(website) BETWEEN 1 AND 2048),
    redirect_uris text[] NOT NULL CHECK (cardinality(redirect_uris) BETWEEN 1 AND 10),
    scopes        text NOT NULL,
    created_at    timestamptz NOT NULL
);
--bun:split
-- A code is used once (used_at set by a conditional update) within
-- expires_at, by the app it was given to, with the redirect URI it was
-- given for and, when the app sent a PKCE challenge, the verifier.
CREATE TABLE oauth_codes (
    code_hash        bytea PRIMARY KEY,
    app_id           uuid NOT NULL REFERENCES oauth_apps (id) ON DELETE CASCADE,
    account_id       uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    redirect_uri     text NOT NULL,
    scopes           text NOT NULL,
    challenge        text NOT NULL DEFAULT '',
    challenge_method text NOT NULL DEFAULT '' CHECK (challenge_method IN ('', 'S256', 'plain')),
    created_at       timestamptz NOT NULL,
    expires_at       timestamptz NOT NULL,
    used_at          timestamptz
);
--bun:split
CREATE INDEX oauth_codes_account_idx ON oauth_codes (account_id);
--bun:split
-- An access token of an app, for a member (authorization code, refresh) or
-- for the app alone (client credentials, account_id null). A refresh
-- trades the row for a new one (revoked_reason 'refreshed'); from_code is
-- the code it came from, so that a code presented twice ends its tokens.
CREATE TABLE oauth_tokens (
    id             uuid PRIMARY KEY,
    token_hash     bytea NOT NULL UNIQUE,
    refresh_hash   bytea UNIQUE,
    app_id         uuid NOT NULL REFERENCES oauth_apps (id) ON DELETE CASCADE,
    account_id     uuid REFERENCES accounts (id) ON DELETE CASCADE,
    scopes         text NOT NULL,
    from_code      bytea,
    authorized_at  timestamptz NOT NULL,
    created_at     timestamptz NOT NULL,
    expires_at     timestamptz NOT NULL,
    refresh_expires_at timestamptz,
    last_used_at   timestamptz,
    revoked_at     timestamptz,
    revoked_reason text
);
--bun:split
CREATE INDEX oauth_tokens_account_idx ON oauth_tokens (account_id, app_id) WHERE revoked_at IS NULL;
--bun:split
CREATE INDEX oauth_tokens_code_idx ON oauth_tokens (from_code) WHERE from_code IS NOT NULL;
--bun:split
CREATE INDEX oauth_codes_app_idx ON oauth_codes (app_id);
--bun:split
CREATE INDEX oauth_tokens_app_idx ON oauth_tokens (app_id);
