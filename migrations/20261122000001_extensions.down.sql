DROP FUNCTION IF EXISTS immutable_unaccent(text);
--bun:split
DROP EXTENSION IF EXISTS unaccent;
--bun:split
DROP EXTENSION IF EXISTS pg_trgm;
