-- Who shared what: a share adds one to posts.share_count and to the
-- member's row here, so that erasing a deleted member lowers the counts of
-- the posts they shared by their own shares.
CREATE TABLE post_shares (
    member_id uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    post_id   uuid NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
    shares    integer NOT NULL DEFAULT 1 CHECK (shares > 0),
    PRIMARY KEY (member_id, post_id)
);
CREATE INDEX post_shares_post_idx ON post_shares (post_id);

-- Feeds, post pages and search skip the posts of suspended authors and of
-- deleted accounts (from the deletion's confirmation, before the erasure)
-- with an anti-join on this index (features/posts/pgstore.AuthorActive
-- repeats its predicate).
CREATE INDEX accounts_hidden_idx ON accounts (id) WHERE suspended_at IS NOT NULL OR deleted_at IS NOT NULL;
