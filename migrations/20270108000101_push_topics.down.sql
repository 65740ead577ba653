DROP TABLE IF EXISTS push_topics;
