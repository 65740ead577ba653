-- The last push of each device and collapse topic: a new one within the
-- window of it is not queued. The window slides from each push, so two
-- pushes of one topic are never closer than the window, whatever the
-- clock reads. Rows whose window ended are pruned as the device gets new
-- ones.
CREATE TABLE push_topics (
    subscription_id uuid NOT NULL REFERENCES push_subscriptions (id) ON DELETE CASCADE,
    topic           text NOT NULL,
    until           timestamptz NOT NULL,
    PRIMARY KEY (subscription_id, topic)
);
