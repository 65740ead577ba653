-- Authors followed by too many members for each of their posts to be
-- written into every follower's timeline. 'Seguindo' reads their posts
-- from posts_author_idx when it is read (fan-out on read), merged with the
-- rows written for everyone else. An author enters when a post of theirs
-- finds them above timelines.pull_above_followers followers, and stays: their posts
-- since are in no follower's timeline, so leaving would need every
-- follower's timeline written again.
CREATE TABLE timeline_pulled_authors (
    author_id uuid PRIMARY KEY REFERENCES profiles (id) ON DELETE CASCADE,
    since     timestamptz NOT NULL DEFAULT now()
);
