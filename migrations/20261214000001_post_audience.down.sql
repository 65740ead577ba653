DELETE FROM posts WHERE audience_id IS NOT NULL;
--bun:split
DROP INDEX posts_audience_idx;
--bun:split
ALTER TABLE posts DROP CONSTRAINT posts_audience_check;
--bun:split
ALTER TABLE posts DROP CONSTRAINT posts_visibility_check;
--bun:split
ALTER TABLE posts DROP COLUMN audience_id;
--bun:split
ALTER TABLE posts ADD CONSTRAINT posts_visibility_check CHECK (visibility IN ('public', 'friends_only'));
