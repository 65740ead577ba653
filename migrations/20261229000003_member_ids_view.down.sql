DROP VIEW IF EXISTS member_ids;
