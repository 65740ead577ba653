-- Failed sign-ins, counted to slow guessing without locking the owner out.
-- A row is written before the password is checked and deleted when it was
-- right, so racing attempts count one by one and a success never counts.
-- Keys are SHA-256: the normalised e-mail, the client address, and the
-- known-device token presented (if any). Rows older than a day are pruned.
CREATE TABLE sign_in_failures (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    email_hash   bytea NOT NULL,
    address_hash bytea NOT NULL,
    device_hash  bytea,
    at           timestamptz NOT NULL
);
--bun:split
CREATE INDEX sign_in_failures_address_idx ON sign_in_failures (address_hash, at DESC);
--bun:split
CREATE INDEX sign_in_failures_email_idx ON sign_in_failures (email_hash, at DESC);
--bun:split
CREATE INDEX sign_in_failures_device_idx ON sign_in_failures (device_hash, at DESC) WHERE device_hash IS NOT NULL;
--bun:split
CREATE INDEX sign_in_failures_at_idx ON sign_in_failures (at);
--bun:split
-- Devices a member signed in from: the long-lived social_device cookie
-- holds a random token, kept here as SHA-256. A right password from a
-- known device is let through the failure limits an attacker filled.
CREATE TABLE known_devices (
    token_hash   bytea PRIMARY KEY,
    account_id   uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    created_at   timestamptz NOT NULL,
    last_used_at timestamptz NOT NULL
);
--bun:split
CREATE INDEX known_devices_account_idx ON known_devices (account_id, last_used_at DESC);
