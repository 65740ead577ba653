-- An author's posts in the order every list of them is read: (created_at,
-- id), newest first, with each post's visibility, so that a page of an
-- author's post IDs is read from the index alone. With created_at alone,
-- the planner expected a dozen posts per author, and read and sorted all
-- of an author's posts for a page of 50: 196 ms for one with 3,241, where
-- 'Seguindo' reads one such page for each pulled author a member follows
-- (0.08 ms from this index).
DROP INDEX IF EXISTS posts_author_idx;
--bun:split
CREATE INDEX posts_author_idx ON posts (author_id, created_at DESC, id DESC) INCLUDE (visibility);
