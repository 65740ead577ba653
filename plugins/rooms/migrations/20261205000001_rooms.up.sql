-- Listening rooms, their participants (one row per member present) and
-- their chat. participant_count is the number of participant rows, written
-- in the transaction of each change under the room row's lock.
CREATE TABLE listening_rooms (
    id                uuid PRIMARY KEY,
    name              text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
    description       text CHECK (char_length(description) BETWEEN 1 AND 500),
    host_id           uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    is_public         boolean NOT NULL DEFAULT true,
    track_source      text NOT NULL DEFAULT 'radio' CHECK (char_length(track_source) BETWEEN 1 AND 30),
    track_id          text CHECK (char_length(track_id) <= 200),
    current_track     text CHECK (char_length(current_track) <= 300),
    current_artist    text CHECK (char_length(current_artist) <= 300),
    track_preview_url text CHECK (char_length(track_preview_url) <= 2000),
    track_image_url   text CHECK (char_length(track_image_url) <= 2000),
    is_active         boolean NOT NULL DEFAULT true,
    participant_count integer NOT NULL DEFAULT 0 CHECK (participant_count >= 0),
    is_playing        boolean NOT NULL DEFAULT false,
    position_seconds  double precision NOT NULL DEFAULT 0 CHECK (position_seconds >= 0),
    position_at       timestamptz,
    created_at        timestamptz NOT NULL,
    updated_at        timestamptz NOT NULL,
    ended_at          timestamptz
);
--bun:split
-- The list: active rooms, newest first.
CREATE INDEX listening_rooms_active_idx ON listening_rooms (created_at DESC, id DESC) WHERE is_active;
--bun:split
CREATE INDEX listening_rooms_host_idx ON listening_rooms (host_id);
--bun:split
CREATE TABLE listening_participants (
    room_id   uuid NOT NULL REFERENCES listening_rooms (id) ON DELETE CASCADE,
    user_id   uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    joined_at timestamptz NOT NULL,
    last_seen timestamptz NOT NULL,
    CONSTRAINT listening_participants_pair_key UNIQUE (room_id, user_id)
);
--bun:split
CREATE INDEX listening_participants_user_idx ON listening_participants (user_id);
--bun:split
CREATE INDEX listening_participants_seen_idx ON listening_participants (last_seen);
--bun:split
CREATE TABLE listening_messages (
    id         uuid PRIMARY KEY,
    room_id    uuid NOT NULL REFERENCES listening_rooms (id) ON DELETE CASCADE,
    user_id    uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    text       text NOT NULL CHECK (char_length(text) BETWEEN 1 AND 500),
    created_at timestamptz NOT NULL
);
--bun:split
CREATE INDEX listening_messages_room_idx ON listening_messages (room_id, created_at DESC, id DESC);
--bun:split
CREATE INDEX listening_messages_user_idx ON listening_messages (user_id);
