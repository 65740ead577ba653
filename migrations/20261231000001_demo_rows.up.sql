-- The rows a member's demo data created ('Gerar dados de demonstração'),
-- by kind ('post', 'community', 'room'), so that clearing it removes
-- exactly those rows and nothing the member wrote. Each feature records
-- and takes back its own kind; a row deleted another way leaves a mark
-- that clearing skips.
CREATE TABLE demo_rows (
    member_id uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    kind      text NOT NULL,
    row_id    uuid NOT NULL,
    PRIMARY KEY (member_id, kind, row_id)
);
