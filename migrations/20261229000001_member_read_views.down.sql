DROP VIEW IF EXISTS member_follows;
--bun:split
DROP VIEW IF EXISTS member_cards;
