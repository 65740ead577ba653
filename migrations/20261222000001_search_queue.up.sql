-- Documents whose search entry must be brought in line with the database.
-- A write that changes what search finds adds a row in its own transaction;
-- the indexer takes the oldest rows in batches, reads each document as it is
-- then, writes the batch to the index in one commit and deletes the rows.
-- It replaces one search.index job per change: a job's row was written
-- three times (queued, running, completed) and each job made its own index
-- commit, which together cost about 40 % of the rate at which posts could
-- be published.
CREATE TABLE search_queue (
    seq         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    kind        text NOT NULL CHECK (kind <> ''),
    doc_id      text NOT NULL CHECK (doc_id <> ''),
    enqueued_at timestamptz NOT NULL DEFAULT now()
);
--bun:split
-- Requests still waiting as jobs move to the queue. River's tables are made
-- after core's migrations: on a new database there is nothing to move.
DO $$
BEGIN
    IF to_regclass('river_job') IS NOT NULL THEN
        INSERT INTO search_queue (kind, doc_id)
            SELECT args->>'kind', args->>'id' FROM river_job
            WHERE kind = 'search.index' AND state IN ('available', 'pending', 'retryable', 'running', 'scheduled')
                AND coalesce(args->>'kind', '') <> '' AND coalesce(args->>'id', '') <> ''
            ORDER BY id;
        DELETE FROM river_job WHERE kind = 'search.index'
            AND state IN ('available', 'pending', 'retryable', 'running', 'scheduled');
    END IF;
END $$;
