-- A local member's like of a remote post is sent to its author with the
-- post's id on its server: found from the post here, on every like.
CREATE INDEX federation_remote_objects_post ON federation_remote_objects (local_id) WHERE kind = 'post';
