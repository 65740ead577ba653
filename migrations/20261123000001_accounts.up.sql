-- Member accounts and their profiles (one ID for both), sessions with
-- rotating refresh tokens, one-time e-mail tokens, the mail outbox and the
-- rate-limit log. Times come from the application's clock, never now(), so
-- that tests can move time.
CREATE TABLE accounts (
    id            uuid PRIMARY KEY,
    email         text NOT NULL CHECK (char_length(email) BETWEEN 3 AND 255),
    password_hash text NOT NULL,
    role          text NOT NULL DEFAULT 'member' CHECK (role IN ('member', 'moderator', 'admin')),
    confirmed_at  timestamptz,
    created_at    timestamptz NOT NULL,
    updated_at    timestamptz NOT NULL
);
--bun:split
CREATE UNIQUE INDEX accounts_email_key ON accounts (lower(email));
--bun:split
CREATE TABLE profiles (
    id              uuid PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
    handle          text NOT NULL CHECK (handle ~ '^[a-z0-9_]{3,30}$'),
    display_name    text NOT NULL CHECK (char_length(display_name) BETWEEN 1 AND 50),
    bio             text CHECK (char_length(bio) BETWEEN 1 AND 500),
    location        text CHECK (char_length(location) BETWEEN 1 AND 100),
    website_url     text CHECK (char_length(website_url) BETWEEN 1 AND 2048),
    avatar_path     text,
    banner_path     text,
    is_verified     boolean NOT NULL DEFAULT false,
    follower_count  integer NOT NULL DEFAULT 0 CHECK (follower_count >= 0),
    following_count integer NOT NULL DEFAULT 0 CHECK (following_count >= 0),
    post_count      integer NOT NULL DEFAULT 0 CHECK (post_count >= 0),
    created_at      timestamptz NOT NULL,
    updated_at      timestamptz NOT NULL
);
--bun:split
CREATE UNIQUE INDEX profiles_handle_key ON profiles (handle);
--bun:split
-- A session is one refresh-token family: it ends at expires_at whatever
-- happens, or earlier when revoked (sign-out, reuse of a rotated token,
-- password reset).
CREATE TABLE sessions (
    id             uuid PRIMARY KEY,
    account_id     uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    created_at     timestamptz NOT NULL,
    expires_at     timestamptz NOT NULL,
    last_used_at   timestamptz NOT NULL,
    revoked_at     timestamptz,
    revoked_reason text
);
--bun:split
CREATE INDEX sessions_account_idx ON sessions (account_id) WHERE revoked_at IS NULL;
--bun:split
-- Refresh tokens are stored as SHA-256 hashes. rotated_at is set when the
-- token was traded for its successor; presenting it again is reuse.
CREATE TABLE refresh_tokens (
    token_hash bytea PRIMARY KEY,
    session_id uuid NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL,
    rotated_at timestamptz
);
--bun:split
CREATE INDEX refresh_tokens_session_idx ON refresh_tokens (session_id);
--bun:split
CREATE TABLE email_tokens (
    token_hash bytea PRIMARY KEY,
    account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    purpose    text NOT NULL CHECK (purpose IN ('confirm_email', 'reset_password')),
    created_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL,
    used_at    timestamptz
);
--bun:split
CREATE INDEX email_tokens_account_idx ON email_tokens (account_id, purpose);
--bun:split
-- Mail leaves through this table: rows are written in the transaction of
-- what they announce, and the mail.deliver job sends (or logs) them.
CREATE TABLE mail_outbox (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    to_address text NOT NULL,
    subject    text NOT NULL,
    body_text  text NOT NULL,
    status     text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'logged', 'failed')),
    attempts   integer NOT NULL DEFAULT 0,
    last_error text,
    created_at timestamptz NOT NULL,
    sent_at    timestamptz
);
--bun:split
CREATE INDEX mail_outbox_to_idx ON mail_outbox (lower(to_address), id DESC);
--bun:split
-- One row per counted attempt; keys (e-mails, IPs, member IDs) are stored
-- as SHA-256 hashes. The ratelimit.prune job deletes old rows.
CREATE TABLE rate_limit_events (
    id       bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    bucket   text NOT NULL,
    key_hash bytea NOT NULL,
    at       timestamptz NOT NULL
);
--bun:split
CREATE INDEX rate_limit_events_key_idx ON rate_limit_events (bucket, key_hash, at DESC);
--bun:split
CREATE INDEX rate_limit_events_at_idx ON rate_limit_events (at);
