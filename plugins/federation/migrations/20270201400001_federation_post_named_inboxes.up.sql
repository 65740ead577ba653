-- The inboxes a member's post was sent to beyond its author's followers:
-- those of the remote accounts its text named. A post's text is gone by
-- the time its Delete is sent, so the Delete reaches them through this
-- row, which it then removes. The post is the posts feature's, named
-- without a reference (the plugin writes no core table).
CREATE TABLE federation_post_named_inboxes (
    post_id uuid PRIMARY KEY,
    inboxes text[] NOT NULL
);
