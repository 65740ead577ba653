-- Besides users and posts, search kinds come from the plugins
-- (plugin.SearchSource): the table holds any kind the server indexes, so
-- the core's schema names none of theirs. The rows are derived data; the
-- old list is still satisfied by every row, so no scan is needed now.
ALTER TABLE search_documents DROP CONSTRAINT search_documents_kind_check;
--bun:split
ALTER TABLE search_documents ADD CONSTRAINT search_documents_kind_check CHECK (kind <> '') NOT VALID;
--bun:split
ALTER TABLE search_documents VALIDATE CONSTRAINT search_documents_kind_check;
