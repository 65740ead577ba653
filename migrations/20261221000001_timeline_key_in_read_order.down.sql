CREATE INDEX IF NOT EXISTS timelines_read_idx ON timelines (member_id, created_at DESC, post_id DESC);
--bun:split
ALTER TABLE timelines DROP CONSTRAINT timelines_pkey, ADD PRIMARY KEY (member_id, post_id);
