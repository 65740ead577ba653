-- Direct messages: one conversation per pair of members (the pair stored
-- in id order, so (a, b) and (b, a) are one row under one unique key), a
-- row per participant with their inbox position, read marker and unread
-- count, and the messages.
CREATE TABLE conversations (
    id         uuid PRIMARY KEY,
    user_low   uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    user_high  uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL,
    CONSTRAINT conversations_ordered CHECK (user_low < user_high),
    CONSTRAINT conversations_pair_key UNIQUE (user_low, user_high)
);
--bun:split
CREATE INDEX conversations_user_high_idx ON conversations (user_high);
--bun:split
-- unread_count is the number of the peer's messages after the marker
-- (last_read_at, last_read_id); it moves only under the conversation row's
-- lock, in the transaction of the send or the read that changes it.
-- last_message_at is null until the first message: empty conversations
-- stay out of the inbox.
CREATE TABLE conversation_members (
    conversation_id uuid NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
    user_id         uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    peer_id         uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    last_message_at timestamptz,
    last_read_at    timestamptz,
    last_read_id    uuid,
    unread_count    integer NOT NULL DEFAULT 0 CHECK (unread_count >= 0),
    PRIMARY KEY (conversation_id, user_id),
    CONSTRAINT conversation_members_not_self CHECK (user_id <> peer_id)
);
--bun:split
-- The inbox: a member's conversations, latest message first.
CREATE INDEX conversation_members_inbox_idx ON conversation_members (user_id, last_message_at DESC, conversation_id DESC)
    WHERE last_message_at IS NOT NULL;
--bun:split
CREATE INDEX conversation_members_peer_idx ON conversation_members (peer_id);
--bun:split
CREATE TABLE direct_messages (
    id              uuid PRIMARY KEY,
    conversation_id uuid NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
    sender_id       uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    text            text NOT NULL CHECK (char_length(text) BETWEEN 1 AND 1000),
    created_at      timestamptz NOT NULL
);
--bun:split
CREATE INDEX direct_messages_conversation_idx ON direct_messages (conversation_id, created_at DESC, id DESC);
--bun:split
CREATE INDEX direct_messages_sender_idx ON direct_messages (sender_id);
--bun:split
-- A member's choices about who may message them; no row means the
-- defaults (anyone may).
CREATE TABLE message_settings (
    user_id        uuid PRIMARY KEY REFERENCES profiles (id) ON DELETE CASCADE,
    only_following boolean NOT NULL DEFAULT false,
    updated_at     timestamptz NOT NULL
);
