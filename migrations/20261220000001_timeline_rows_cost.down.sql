CREATE INDEX IF NOT EXISTS timelines_author_idx ON timelines (member_id, author_id);
--bun:split
DELETE FROM timelines t WHERE NOT EXISTS (SELECT 1 FROM profiles p WHERE p.id = t.member_id);
--bun:split
ALTER TABLE timelines ADD CONSTRAINT timelines_member_id_fkey
    FOREIGN KEY (member_id) REFERENCES profiles (id) ON DELETE CASCADE;
