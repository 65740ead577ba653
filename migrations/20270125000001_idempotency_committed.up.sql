-- Set, in the transaction of the write itself, when the request holding
-- the key commits its write: a claim taken over later (its process died,
-- or the answer could not be stored while the database was away) is then
-- known to have written, and its request is not run a second time.
ALTER TABLE idempotency_keys ADD COLUMN committed_at timestamptz;
