-- Text stories that live 24 hours, and who viewed each. view_count is the
-- number of view rows, moved by one in the transaction that inserts a row
-- (a repeated view inserts nothing), so it is exact.
CREATE TABLE stories (
    id         uuid PRIMARY KEY,
    author_id  uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    text       text NOT NULL CHECK (char_length(text) BETWEEN 1 AND 280),
    view_count integer NOT NULL DEFAULT 0 CHECK (view_count >= 0),
    created_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL CHECK (expires_at > created_at)
);
--bun:split
-- The screen: a set of authors' stories still alive, newest first.
CREATE INDEX stories_author_idx ON stories (author_id, expires_at DESC, created_at DESC);
--bun:split
-- The expiry job deletes in expires_at order.
CREATE INDEX stories_expires_idx ON stories (expires_at);
--bun:split
CREATE TABLE story_views (
    story_id  uuid NOT NULL REFERENCES stories (id) ON DELETE CASCADE,
    viewer_id uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    viewed_at timestamptz NOT NULL,
    PRIMARY KEY (story_id, viewer_id)
);
--bun:split
CREATE INDEX story_views_viewer_idx ON story_views (viewer_id);
