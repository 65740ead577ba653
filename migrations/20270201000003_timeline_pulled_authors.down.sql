DROP TABLE IF EXISTS timeline_pulled_authors;
