-- The upload a post's file came from (pending_media.id), kept on the post:
-- apps that uploaded the file first name it by that ID in the post they
-- read back and in its edits. NULL when the file came with the post.
ALTER TABLE posts ADD COLUMN media_id uuid;
