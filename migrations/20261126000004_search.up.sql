-- What search finds (search.driver postgres). Rows are derived data: the
-- search.index job and `social reindex` write them from profiles, posts and
-- communities, which stay the system of record. Posts that are not public
-- are never stored here.
CREATE TABLE search_documents (
    kind         text NOT NULL CHECK (kind IN ('user', 'post', 'community')),
    id           text NOT NULL,
    -- Handle and display name; community name. Matched by substring.
    names        text NOT NULL DEFAULT '',
    -- Post text; community name and description. Matched as Portuguese words.
    body         text NOT NULL DEFAULT '',
    public       boolean NOT NULL,
    -- The document as results show it (ports.SearchDoc).
    doc          jsonb NOT NULL,
    names_folded text GENERATED ALWAYS AS (lower(immutable_unaccent(names))) STORED,
    tsv          tsvector GENERATED ALWAYS AS (to_tsvector('portuguese'::regconfig, immutable_unaccent(body))) STORED,
    PRIMARY KEY (kind, id)
);
--bun:split
CREATE INDEX search_documents_tsv_idx ON search_documents USING gin (tsv);
--bun:split
CREATE INDEX search_documents_names_idx ON search_documents USING gin (names_folded gin_trgm_ops);
