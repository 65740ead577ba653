-- Web Push. The server's VAPID key pair when none is configured: one row,
-- made by whichever node starts first, so every node signs with the same.
CREATE TABLE push_vapid_keys (
    id          smallint PRIMARY KEY CHECK (id = 1),
    private_key bytea NOT NULL,
    created_at  timestamptz NOT NULL
);
--bun:split
-- One browser's push subscription, tied to the session that made it: the
-- session's end (sign-out, revocation, the account's deletion) takes it
-- along. An endpoint belongs to one row: a browser signed in to another
-- account takes its endpoint over.
CREATE TABLE push_subscriptions (
    id         uuid PRIMARY KEY,
    session_id uuid NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    endpoint   text NOT NULL,
    p256dh     bytea NOT NULL CHECK (length(p256dh) = 65),
    auth       bytea NOT NULL CHECK (length(auth) = 16),
    alerts     text[] NOT NULL,
    policy     text NOT NULL CHECK (policy IN ('all', 'followed', 'follower', 'none')),
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL
);
--bun:split
CREATE UNIQUE INDEX push_subscriptions_session_key ON push_subscriptions (session_id);
--bun:split
CREATE UNIQUE INDEX push_subscriptions_endpoint_key ON push_subscriptions (endpoint);
--bun:split
CREATE INDEX push_subscriptions_account_idx ON push_subscriptions (account_id);
--bun:split
-- A session ends by being revoked (its row stays for the member's list of
-- sessions): its push subscription goes at that moment, whichever code
-- revoked it.
CREATE FUNCTION push_subscriptions_end_with_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM push_subscriptions WHERE session_id = NEW.id;
    RETURN NULL;
END
$$;
--bun:split
CREATE TRIGGER push_subscriptions_session_revoked AFTER UPDATE OF revoked_at ON sessions
    FOR EACH ROW WHEN (NEW.revoked_at IS NOT NULL AND OLD.revoked_at IS NULL)
    EXECUTE FUNCTION push_subscriptions_end_with_session();
--bun:split
-- Pushes sent, by job: a retried job does not send twice, and a member's
-- pushes of the last minute are counted for the cap. Rows older than a
-- day are pruned as new ones come.
CREATE TABLE push_deliveries (
    job_id          bigint PRIMARY KEY,
    account_id      uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    sent            boolean NOT NULL,
    at              timestamptz NOT NULL
);
--bun:split
CREATE INDEX push_deliveries_account_idx ON push_deliveries (account_id, at);
