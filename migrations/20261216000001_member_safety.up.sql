-- Blocks: a block hides each member from the other in both directions and
-- forbids every interaction between them. Follows between the two end in
-- the transaction that writes the row.
CREATE TABLE member_blocks (
    blocker_id uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    blocked_id uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL,
    PRIMARY KEY (blocker_id, blocked_id),
    CONSTRAINT member_blocks_not_self CHECK (blocker_id <> blocked_id)
);
--bun:split
-- Reads ask "does either block the other": the key answers one direction,
-- this index the other (and "who blocked me").
CREATE INDEX member_blocks_blocked_idx ON member_blocks (blocked_id, blocker_id);
--bun:split
-- A member's blocks list, newest first.
CREATE INDEX member_blocks_list_idx ON member_blocks (blocker_id, created_at DESC);
--bun:split
-- Mutes: only the muter stops seeing the muted member's posts and
-- notifications; the muted member is never told and keeps every right.
CREATE TABLE member_mutes (
    muter_id   uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    muted_id   uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL,
    PRIMARY KEY (muter_id, muted_id),
    CONSTRAINT member_mutes_not_self CHECK (muter_id <> muted_id)
);
--bun:split
CREATE INDEX member_mutes_list_idx ON member_mutes (muter_id, created_at DESC);
--bun:split
-- Muted words: posts and comments whose text holds one, as a whole word or
-- phrase, are hidden from the member's feeds and notifications until
-- expires_at (never, when NULL). Matching folds case and accents the way
-- search does (lower(immutable_unaccent(...))): pattern is the folded word
-- as a regular expression bounded by non-word characters.
CREATE TABLE muted_words (
    id         uuid PRIMARY KEY,
    member_id  uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    word       text NOT NULL CHECK (char_length(word) BETWEEN 1 AND 100),
    folded     text GENERATED ALWAYS AS (lower(immutable_unaccent(word))) STORED,
    pattern    text GENERATED ALWAYS AS (
        '(^|[^[:alnum:]_])'
        || regexp_replace(lower(immutable_unaccent(word)), '([^[:alnum:][:space:]_])', '\\\1', 'g')
        || '($|[^[:alnum:]_])') STORED,
    expires_at timestamptz,
    created_at timestamptz NOT NULL
);
--bun:split
CREATE UNIQUE INDEX muted_words_member_folded_key ON muted_words (member_id, folded);
--bun:split
CREATE INDEX muted_words_member_idx ON muted_words (member_id, created_at DESC);
