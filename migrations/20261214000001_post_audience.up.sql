-- A post may be written for an audience: a closed circle of members that a
-- feature keeps (a community). Such a post is members_only and names its
-- audience; the feature that owns the audiences adds the foreign key.
ALTER TABLE posts DROP CONSTRAINT posts_visibility_check;
--bun:split
ALTER TABLE posts ADD COLUMN audience_id uuid;
--bun:split
ALTER TABLE posts ADD CONSTRAINT posts_visibility_check
    CHECK (visibility IN ('public', 'friends_only', 'members_only'));
--bun:split
ALTER TABLE posts ADD CONSTRAINT posts_audience_check
    CHECK ((visibility = 'members_only') = (audience_id IS NOT NULL));
--bun:split
-- An audience's posts, newest first, paged by (created_at, id).
CREATE INDEX posts_audience_idx ON posts (audience_id, created_at DESC, id DESC) WHERE audience_id IS NOT NULL;
