DROP TABLE IF EXISTS trending_tracks;
