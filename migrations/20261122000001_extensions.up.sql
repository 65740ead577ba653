-- Text search helpers used by search and handle look-ups: trigram similarity
-- and accent folding ('musica' finds 'Música'). Both are trusted extensions.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--bun:split
CREATE EXTENSION IF NOT EXISTS unaccent;
--bun:split
-- unaccent() is only STABLE; indexes need an IMMUTABLE wrapper bound to the
-- default dictionary.
CREATE OR REPLACE FUNCTION immutable_unaccent(text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;
