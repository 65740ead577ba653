-- A member's blocks of a whole server of the social web (Mastodon's user
-- domain blocks): every account of the domain is kept apart from the
-- member as if each were blocked, both ways. domain is the host as remote
-- profiles keep it (with its port when not the default).
CREATE TABLE member_domain_blocks (
    member_id  uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    domain     text NOT NULL CHECK (domain ~ '^[a-z0-9.-]+(:[0-9]{1,5})?$' AND char_length(domain) <= 253),
    created_at timestamptz NOT NULL,
    PRIMARY KEY (member_id, domain)
);
--bun:split
-- A member's list, newest first.
CREATE INDEX member_domain_blocks_list_idx ON member_domain_blocks (member_id, created_at DESC);
--bun:split
-- The pairs a domain block implies join on the domain the other way too
-- ("which members block the server of this account").
CREATE INDEX member_domain_blocks_domain_idx ON member_domain_blocks (domain, member_id);
--bun:split
-- blocked_pairs gains the pairs a domain block implies: the member blocks
-- each profile of the domain. Every read that honours blocks names this
-- view, so a domain block hides and refuses what a block does. Both
-- branches stay plain joins the planner pushes a pair's ids into: a probe
-- of member_blocks' key, and one of profiles' key with member_domain_blocks'
-- key on the profile's domain.
CREATE OR REPLACE VIEW blocked_pairs AS
SELECT b.blocker_id, b.blocked_id
FROM member_blocks b
UNION ALL
SELECT d.member_id, p.id
FROM member_domain_blocks d
JOIN profiles p ON p.domain = d.domain;
