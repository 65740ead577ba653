ALTER TABLE idempotency_keys DROP COLUMN claimed_by;
--bun:split
DROP TABLE node_leases;
