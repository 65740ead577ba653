-- The weekly e-mail digest. A member who never chose has no row: the
-- digest is off by default.
CREATE TABLE email_digest_settings (
    account_id uuid PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
    enabled    boolean NOT NULL,
    updated_at timestamptz NOT NULL
);
--bun:split
-- The weekly run reads the members with the digest on, a few among many.
CREATE INDEX email_digest_settings_on_idx ON email_digest_settings (account_id) WHERE enabled;
--bun:split
-- One row per member and week (the Monday the week starts, UTC), claimed
-- in the transaction that queues the e-mail: a second run of the week, on
-- this node or another, finds the row and sends nothing. Its token (only
-- the SHA-256 is kept) is the unsubscribe link of that e-mail; items is
-- how many notifications it summed up (0: nothing was left to tell once
-- the list's rules applied, and no e-mail left).
CREATE TABLE email_digests (
    account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    week       date NOT NULL,
    token_hash bytea NOT NULL,
    items      integer NOT NULL CHECK (items >= 0),
    sent_at    timestamptz NOT NULL,
    PRIMARY KEY (account_id, week)
);
--bun:split
CREATE UNIQUE INDEX email_digests_token_idx ON email_digests (token_hash);
