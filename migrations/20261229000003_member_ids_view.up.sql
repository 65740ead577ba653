-- member_ids: one row per member (their profile), which a write between
-- two members of another feature than profiles (a follow, a block) locks,
-- lower id first, so that the pair's writes run one after the other. A
-- plain projection of profiles: locking its rows locks the profiles' rows.
CREATE VIEW member_ids AS
SELECT p.id
FROM profiles p;
