-- Where a member stopped reading, per timeline (Mastodon's markers): apps
-- keep the home timeline's and the notifications' position here to carry
-- it from one device to another. version counts the saves, as apps expect.
CREATE TABLE mastodon_markers (
    account_id   uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    timeline     text NOT NULL CHECK (timeline IN ('home', 'notifications')),
    last_read_id text NOT NULL CHECK (char_length(last_read_id) BETWEEN 1 AND 64),
    version      integer NOT NULL DEFAULT 1,
    updated_at   timestamptz NOT NULL,
    PRIMARY KEY (account_id, timeline)
);
