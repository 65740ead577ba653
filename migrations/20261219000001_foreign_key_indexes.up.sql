-- Every foreign key has an index that leads with its columns. Deleting a
-- post, a comment or a member deletes the rows that refer to it (ON DELETE
-- CASCADE), and the cascade finds them by those columns: without an
-- index it read the whole of timelines or notifications for each
-- deletion, a cost that grows with the network. Most notifications name
-- no comment and some no post, hence the partial indexes (a cascade's
-- equality condition implies NOT NULL, so the planner uses them).
CREATE INDEX IF NOT EXISTS timelines_post_idx ON timelines (post_id);
--bun:split
CREATE INDEX IF NOT EXISTS notifications_post_idx ON notifications (post_id) WHERE post_id IS NOT NULL;
--bun:split
CREATE INDEX IF NOT EXISTS notifications_comment_idx ON notifications (comment_id) WHERE comment_id IS NOT NULL;
--bun:split
CREATE INDEX IF NOT EXISTS notifications_sender_idx ON notifications (sender_id);
--bun:split
CREATE INDEX IF NOT EXISTS member_mutes_muted_idx ON member_mutes (muted_id);
