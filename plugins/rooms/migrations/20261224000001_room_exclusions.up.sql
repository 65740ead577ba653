-- Members a room's host took out of it: removed (banned false: they may
-- come back by joining again, which deletes the row) or banned (they may
-- not come back to this room). Either way their live subscription to the
-- room is refused while the row is there.
CREATE TABLE IF NOT EXISTS listening_exclusions (
    room_id    uuid NOT NULL REFERENCES listening_rooms (id) ON DELETE CASCADE,
    user_id    uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    banned     boolean NOT NULL,
    created_at timestamptz NOT NULL,
    PRIMARY KEY (room_id, user_id)
);
--bun:split
CREATE INDEX IF NOT EXISTS listening_exclusions_user_idx ON listening_exclusions (user_id);
