DELETE FROM notifications WHERE type = 'system';
--bun:split
ALTER TABLE notifications DROP CONSTRAINT IF EXISTS notifications_system_check;
--bun:split
ALTER TABLE notifications DROP CONSTRAINT IF EXISTS notifications_post_check,
    ADD CONSTRAINT notifications_check1 CHECK ((type = 'follow') = (post_id IS NULL));
--bun:split
ALTER TABLE notifications DROP CONSTRAINT notifications_type_check,
    ADD CONSTRAINT notifications_type_check CHECK (type IN ('like', 'comment', 'follow', 'mention'));
--bun:split
ALTER TABLE notifications DROP COLUMN IF EXISTS notice;
--bun:split
ALTER TABLE notifications ALTER COLUMN sender_id SET NOT NULL;
