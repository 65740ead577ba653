-- Comments on posts. posts.comment_count is kept in the transaction of the
-- row it counts (+1 with the insert, -1 with the delete, never below 0), so
-- it always equals the number of rows; a post's deletion takes its comments.
CREATE TABLE comments (
    id           uuid PRIMARY KEY,
    post_id      uuid NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
    author_id    uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    text_content text NOT NULL CHECK (char_length(text_content) BETWEEN 1 AND 500),
    created_at   timestamptz NOT NULL
);
--bun:split
-- A post's thread, oldest first, paged by (created_at, id).
CREATE INDEX comments_post_idx ON comments (post_id, created_at, id);
--bun:split
-- The cascade from a deleted profile looks comments up by author.
CREATE INDEX comments_author_idx ON comments (author_id);
