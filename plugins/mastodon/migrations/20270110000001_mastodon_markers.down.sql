DROP TABLE IF EXISTS mastodon_markers;
