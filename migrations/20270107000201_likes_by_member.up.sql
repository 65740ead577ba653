-- The posts a member liked, newest like first (the Mastodon API's
-- favourites pages on it, a like's time and post as the cursor), without
-- sorting every like the member ever gave.
CREATE INDEX likes_member_recent_idx ON likes (user_id, created_at DESC, post_id DESC);
