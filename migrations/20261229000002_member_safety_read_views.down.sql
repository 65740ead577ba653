DROP VIEW IF EXISTS member_muted_words;
--bun:split
DROP VIEW IF EXISTS muted_pairs;
--bun:split
DROP VIEW IF EXISTS blocked_pairs;
