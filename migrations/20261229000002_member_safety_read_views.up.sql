-- What blocks, mutes and muted words hide, as views the reads of other
-- features (posts, comments, notifications, follows) name instead of the
-- safety feature's tables, whose shape stays the safety feature's. Each is
-- a plain projection of one table, so the planner inlines it and the
-- table's own indexes serve the anti-joins as before.
--
-- blocked_pairs: who blocks whom (a block hides both ways: a read asks
-- both directions).
CREATE VIEW blocked_pairs AS
SELECT b.blocker_id, b.blocked_id
FROM member_blocks b;
--bun:split
-- muted_pairs: who mutes whom (only the muter stops seeing the muted).
CREATE VIEW muted_pairs AS
SELECT m.muter_id, m.muted_id
FROM member_mutes m;
--bun:split
-- member_muted_words: a member's muted words, folded as search folds text,
-- with when each stops being in force (NULL: never).
CREATE VIEW member_muted_words AS
SELECT w.member_id, w.folded, w.expires_at
FROM muted_words w;
