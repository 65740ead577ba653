-- Who liked a post, newest first (the Mastodon API's favourited_by pages
-- on it with a member's like as the cursor).
CREATE INDEX likes_post_recent_idx ON likes (post_id, created_at DESC, user_id DESC);
