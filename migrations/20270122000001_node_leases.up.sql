-- Each server process holds a lease while it runs, renewed every few
-- seconds. An Idempotency-Key claim names the process that runs its
-- request, so that a retry may take over at once the claim of a process
-- that died (its lease lapsed) instead of waiting for the claim to be
-- abandoned.
CREATE TABLE node_leases (
    node_id     uuid        PRIMARY KEY,
    alive_until timestamptz NOT NULL
);
--bun:split
ALTER TABLE idempotency_keys ADD COLUMN claimed_by uuid;
