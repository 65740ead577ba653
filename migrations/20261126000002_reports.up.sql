-- Reports members file against a post or a comment, for moderators. A
-- member reports a target once (the unique key makes a repeat a no-op).
-- target_id has no foreign key: a report outlives the deletion of what it
-- points at, so moderators keep the history.
CREATE TABLE reports (
    id          uuid PRIMARY KEY,
    reporter_id uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    target_type text NOT NULL CHECK (target_type IN ('post', 'comment')),
    target_id   uuid NOT NULL,
    reason      text CHECK (char_length(reason) BETWEEN 1 AND 500),
    status      text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'dismissed', 'actioned')),
    created_at  timestamptz NOT NULL,
    resolved_at timestamptz,
    resolved_by uuid,
    CONSTRAINT reports_once_key UNIQUE (reporter_id, target_type, target_id)
);
--bun:split
-- The moderation queue: open reports, oldest first.
CREATE INDEX reports_queue_idx ON reports (status, created_at);
--bun:split
-- Moderators look up every report against one target.
CREATE INDEX reports_target_idx ON reports (target_type, target_id);
