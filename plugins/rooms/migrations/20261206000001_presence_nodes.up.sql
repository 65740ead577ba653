-- Which nodes hold a socket of a participant: one row per room, member and
-- node, refreshed by that node while it holds one. A node whose last socket
-- of a member goes removes its row, and the member leaves only when no
-- other node's fresh row is left, so a member is counted once however many
-- sockets and nodes they use.
CREATE TABLE listening_presence (
    room_id uuid NOT NULL REFERENCES listening_rooms (id) ON DELETE CASCADE,
    user_id uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    node_id uuid NOT NULL,
    seen_at timestamptz NOT NULL,
    PRIMARY KEY (room_id, user_id, node_id)
);
--bun:split
CREATE INDEX listening_presence_seen_idx ON listening_presence (seen_at);
