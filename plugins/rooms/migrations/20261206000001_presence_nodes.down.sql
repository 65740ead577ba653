DROP TABLE IF EXISTS listening_presence;
