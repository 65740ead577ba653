DROP TABLE IF EXISTS search_queue;
