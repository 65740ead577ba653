-- A deleted member takes their presence rows along (ON DELETE CASCADE),
-- found by user_id: without an index leading with it, the cascade read
-- the whole table.
CREATE INDEX IF NOT EXISTS listening_presence_user_idx ON listening_presence (user_id);
