-- Notifications a member receives when someone likes, comments on or
-- mentions their post, or follows them. The title is rendered when read
-- (the sender may rename themselves); message keeps an excerpt of the text
-- that caused it. Rows go with what caused them: a deleted post, comment or
-- member takes its notifications along.
CREATE TABLE notifications (
    id           uuid PRIMARY KEY,
    recipient_id uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    sender_id    uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    type         text NOT NULL CHECK (type IN ('like', 'comment', 'follow', 'mention')),
    post_id      uuid REFERENCES posts (id) ON DELETE CASCADE,
    comment_id   uuid REFERENCES comments (id) ON DELETE CASCADE,
    message      text CHECK (char_length(message) <= 200),
    is_read      boolean NOT NULL DEFAULT false,
    created_at   timestamptz NOT NULL,
    CHECK (recipient_id <> sender_id),
    CHECK ((type = 'follow') = (post_id IS NULL)),
    CHECK ((type = 'comment') = (comment_id IS NOT NULL))
);
--bun:split
-- The screen's list (newest 50) and the unread badge.
CREATE INDEX notifications_recipient_idx ON notifications (recipient_id, created_at DESC, id DESC);
--bun:split
CREATE INDEX notifications_unread_idx ON notifications (recipient_id) WHERE NOT is_read;
--bun:split
-- One like, mention or follow notification per sender and target: liking
-- twice, or liking again after an unlike, never stacks them.
CREATE UNIQUE INDEX notifications_once_idx ON notifications (recipient_id, sender_id, type, post_id) NULLS NOT DISTINCT
    WHERE type IN ('like', 'mention', 'follow');
