DROP TABLE federation_remote_objects;
--bun:split
DROP TABLE federation_inbox_activities;
