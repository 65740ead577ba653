DROP TABLE IF EXISTS search_documents;
