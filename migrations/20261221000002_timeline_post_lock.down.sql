DELETE FROM timelines t WHERE NOT EXISTS (SELECT 1 FROM posts p WHERE p.id = t.post_id);
--bun:split
ALTER TABLE timelines ADD CONSTRAINT timelines_post_id_fkey
    FOREIGN KEY (post_id) REFERENCES posts (id) ON DELETE CASCADE;
