-- The activities other servers sent to our inboxes, by their id: a job
-- processes each once, however often it is delivered (servers retry), and
-- a row is kept a while after so that a late retry is still known.
CREATE TABLE federation_inbox_activities (
    activity_id  text PRIMARY KEY CHECK (activity_id LIKE 'http%://%'),
    actor_id     uuid NOT NULL REFERENCES federation_remote_actors (profile_id) ON DELETE CASCADE,
    received_at  timestamptz NOT NULL,
    processed_at timestamptz
);
--bun:split
CREATE INDEX federation_inbox_activities_received ON federation_inbox_activities (received_at);
--bun:split
CREATE INDEX federation_inbox_activities_actor ON federation_inbox_activities (actor_id);
--bun:split
-- What a remote object became here: a Note as a post or a comment, a
-- Follow as a follow, a Like as a like. Undo, Update and Delete name the
-- remote id; this row finds what to change. The row goes with its remote
-- author's profile; the post or comment it names may already be gone.
CREATE TABLE federation_remote_objects (
    object_uri text PRIMARY KEY CHECK (object_uri LIKE 'http%://%'),
    actor_id   uuid NOT NULL REFERENCES federation_remote_actors (profile_id) ON DELETE CASCADE,
    kind       text NOT NULL CHECK (kind IN ('post', 'comment', 'follow', 'like')),
    local_id   uuid NOT NULL,
    created_at timestamptz NOT NULL
);
--bun:split
CREATE INDEX federation_remote_objects_actor ON federation_remote_objects (actor_id);
