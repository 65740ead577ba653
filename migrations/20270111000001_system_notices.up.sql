-- Notices from the service itself (an archive ready, a report acted on, a
-- post removed by the moderators, a sign-in from a new device) share the
-- members' notification list. They have no sender: sender_id is NULL for
-- them and only for them, and notice says which one it is. None is about a
-- post that still exists (a removed post is gone; a report's target is not
-- the reporter's to see), so post_id stays NULL as for follows.
ALTER TABLE notifications ALTER COLUMN sender_id DROP NOT NULL;
--bun:split
ALTER TABLE notifications ADD COLUMN notice text
    CHECK (notice IN ('export_ready', 'report_resolved', 'post_removed', 'new_sign_in'));
--bun:split
ALTER TABLE notifications DROP CONSTRAINT notifications_type_check,
    ADD CONSTRAINT notifications_type_check CHECK (type IN ('like', 'comment', 'follow', 'mention', 'system'));
--bun:split
ALTER TABLE notifications DROP CONSTRAINT notifications_check1,
    ADD CONSTRAINT notifications_post_check CHECK ((type IN ('follow', 'system')) = (post_id IS NULL));
--bun:split
ALTER TABLE notifications ADD CONSTRAINT notifications_system_check
    CHECK ((type = 'system') = (sender_id IS NULL) AND (type = 'system') = (notice IS NOT NULL));
