-- Two-step sign-in. A member's authenticator-app secret (TOTP), kept
-- unconfirmed until a first valid code; last_step is the newest time step
-- used, so a code is never accepted twice.
CREATE TABLE twofactor_totp (
    account_id   uuid PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
    secret       bytea NOT NULL,
    confirmed_at timestamptz,
    last_step    bigint NOT NULL DEFAULT 0,
    created_at   timestamptz NOT NULL
);
--bun:split
-- Recovery codes, stored as SHA-256 and used once.
CREATE TABLE twofactor_recovery_codes (
    account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    code_hash  bytea NOT NULL,
    used_at    timestamptz,
    created_at timestamptz NOT NULL,
    PRIMARY KEY (account_id, code_hash)
);
--bun:split
-- Passkeys (WebAuthn credentials). credential holds the library's record
-- (public key, flags, counter); credential_id is unique across members.
CREATE TABLE passkeys (
    id            uuid PRIMARY KEY,
    account_id    uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    credential_id bytea NOT NULL,
    name          text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 60),
    credential    jsonb NOT NULL,
    created_at    timestamptz NOT NULL,
    last_used_at  timestamptz
);
--bun:split
CREATE UNIQUE INDEX passkeys_credential_id_key ON passkeys (credential_id);
--bun:split
CREATE INDEX passkeys_account_idx ON passkeys (account_id, created_at);
--bun:split
-- Short-lived, single-use challenges: a pending second step after a right
-- password (kind second_step), and the server's half of a WebAuthn
-- ceremony (passkey_register, passkey_sign_in). Looked up by the SHA-256
-- of the token the client holds.
CREATE TABLE twofactor_challenges (
    token_hash bytea PRIMARY KEY,
    kind       text NOT NULL CHECK (kind IN ('second_step', 'passkey_register', 'passkey_sign_in')),
    account_id uuid REFERENCES accounts (id) ON DELETE CASCADE,
    data       jsonb,
    created_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL,
    used_at    timestamptz
);
--bun:split
CREATE INDEX twofactor_challenges_expires_idx ON twofactor_challenges (expires_at);
--bun:split
-- Wrong second-step codes, counted per account over a window.
CREATE TABLE twofactor_failures (
    account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    at         timestamptz NOT NULL
);
--bun:split
CREATE INDEX twofactor_failures_account_idx ON twofactor_failures (account_id, at);
