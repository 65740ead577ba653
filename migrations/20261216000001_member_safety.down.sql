DROP TABLE IF EXISTS muted_words;
--bun:split
DROP TABLE IF EXISTS member_mutes;
--bun:split
DROP TABLE IF EXISTS member_blocks;
