DROP TABLE IF EXISTS read_your_writes;
