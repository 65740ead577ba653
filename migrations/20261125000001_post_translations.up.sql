-- Translations of post texts, one per post and language; valid while the
-- post's updated_at equals source_updated_at (an edit also deletes them).
CREATE TABLE post_translations (
    post_id           uuid NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
    language          text NOT NULL CHECK (char_length(language) BETWEEN 2 AND 35),
    translated_text   text NOT NULL,
    source_updated_at timestamptz NOT NULL,
    created_at        timestamptz NOT NULL,
    PRIMARY KEY (post_id, language)
);
