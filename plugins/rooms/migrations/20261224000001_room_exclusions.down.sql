DROP TABLE IF EXISTS listening_exclusions;
