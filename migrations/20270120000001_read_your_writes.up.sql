-- Where each bearer token's last write ended in the primary's WAL, so that
-- a read with the same token goes to the replica only once the replica
-- has replayed that far (read-your-writes across nodes). Unlogged: only the
-- primary reads it, a crash may empty it (reads then go by the replica's
-- lag alone for a moment), and it costs no WAL.
CREATE UNLOGGED TABLE read_your_writes (
    token_hash bytea PRIMARY KEY,
    lsn pg_lsn NOT NULL,
    written_at timestamptz NOT NULL DEFAULT now()
);
