DROP INDEX IF EXISTS member_mutes_muted_idx;
--bun:split
DROP INDEX IF EXISTS notifications_sender_idx;
--bun:split
DROP INDEX IF EXISTS notifications_comment_idx;
--bun:split
DROP INDEX IF EXISTS notifications_post_idx;
--bun:split
DROP INDEX IF EXISTS timelines_post_idx;
