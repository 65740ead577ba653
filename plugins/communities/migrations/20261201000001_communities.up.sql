-- Communities, their members and their own posts and likes. member_count is
-- the number of approved member rows (the owner's included), kept in the
-- transaction of each membership change, under the community row's lock.
CREATE TABLE communities (
    id           uuid PRIMARY KEY,
    name         text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 50),
    description  text CHECK (char_length(description) BETWEEN 1 AND 500),
    privacy      text NOT NULL DEFAULT 'open' CHECK (privacy IN ('open', 'closed')),
    owner_id     uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    avatar_path  text,
    member_count integer NOT NULL DEFAULT 0 CHECK (member_count >= 0),
    created_at   timestamptz NOT NULL
);
--bun:split
-- Names are unique whatever their case.
CREATE UNIQUE INDEX communities_name_key ON communities (lower(name));
--bun:split
-- The list: most members first, then by name.
CREATE INDEX communities_popular_idx ON communities (member_count DESC, name);
--bun:split
CREATE INDEX communities_owner_idx ON communities (owner_id);
--bun:split
CREATE TABLE community_members (
    id           uuid PRIMARY KEY,
    community_id uuid NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
    user_id      uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    role         text NOT NULL CHECK (role IN ('owner', 'admin', 'member')),
    status       text NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
    joined_at    timestamptz NOT NULL,
    CONSTRAINT community_members_pair_key UNIQUE (community_id, user_id),
    -- The owner is always an approved member.
    CHECK (role <> 'owner' OR status = 'approved')
);
--bun:split
CREATE UNIQUE INDEX community_members_one_owner ON community_members (community_id) WHERE role = 'owner';
--bun:split
CREATE INDEX community_members_list_idx ON community_members (community_id, status, joined_at, id);
--bun:split
CREATE INDEX community_members_user_idx ON community_members (user_id);
--bun:split
CREATE TABLE community_posts (
    id           uuid PRIMARY KEY,
    community_id uuid NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
    author_id    uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    text_content text CHECK (char_length(text_content) BETWEEN 1 AND 280),
    media_path   text,
    type         text NOT NULL DEFAULT 'text' CHECK (type IN ('text', 'image', 'video')),
    created_at   timestamptz NOT NULL,
    updated_at   timestamptz NOT NULL,
    like_count   integer NOT NULL DEFAULT 0 CHECK (like_count >= 0),
    CHECK (text_content IS NOT NULL OR media_path IS NOT NULL)
);
--bun:split
-- A community's feed, newest first, paged by (created_at, id).
CREATE INDEX community_posts_feed_idx ON community_posts (community_id, created_at DESC, id DESC);
--bun:split
CREATE INDEX community_posts_author_idx ON community_posts (author_id);
--bun:split
CREATE TABLE community_post_likes (
    post_id    uuid NOT NULL REFERENCES community_posts (id) ON DELETE CASCADE,
    user_id    uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL,
    PRIMARY KEY (post_id, user_id)
);
--bun:split
CREATE INDEX community_post_likes_user_idx ON community_post_likes (user_id);
