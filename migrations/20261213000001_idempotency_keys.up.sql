-- A member's Idempotency-Key on a creating request: claimed before the
-- request runs (status NULL), then holding the request's fingerprint and
-- its answer, which a retry with the same key gets again. Rows expire
-- after a day and are pruned by the idempotency.prune job.
CREATE TABLE idempotency_keys (
    member_id    uuid        NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    key          text        NOT NULL CHECK (length(key) BETWEEN 1 AND 255),
    claimed_at   timestamptz NOT NULL,
    expires_at   timestamptz NOT NULL,
    fingerprint  bytea,
    status       integer,
    content_type text,
    body         bytea,
    PRIMARY KEY (member_id, key)
);
--bun:split
CREATE INDEX idempotency_keys_expires_idx ON idempotency_keys (expires_at);
