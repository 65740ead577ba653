ALTER TABLE idempotency_keys DROP COLUMN committed_at;
