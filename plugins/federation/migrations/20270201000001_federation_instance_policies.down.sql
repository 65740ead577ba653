DELETE FROM federation_remote_objects WHERE kind = 'share';
--bun:split
ALTER TABLE federation_remote_objects DROP CONSTRAINT federation_remote_objects_kind_check;
--bun:split
ALTER TABLE federation_remote_objects ADD CONSTRAINT federation_remote_objects_kind_check
    CHECK (kind IN ('post', 'comment', 'follow', 'like'));
--bun:split
DROP TABLE IF EXISTS federation_instance_policies;
