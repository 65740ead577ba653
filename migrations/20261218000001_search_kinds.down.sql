-- Documents of kinds the old list does not know are derived data:
-- `social reindex` writes them again.
DELETE FROM search_documents WHERE kind NOT IN ('user', 'post', 'community');
--bun:split
ALTER TABLE search_documents DROP CONSTRAINT search_documents_kind_check;
--bun:split
ALTER TABLE search_documents ADD CONSTRAINT search_documents_kind_check CHECK (kind IN ('user', 'post', 'community'));
