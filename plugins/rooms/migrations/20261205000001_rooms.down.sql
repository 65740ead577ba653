DROP TABLE IF EXISTS listening_messages;
--bun:split
DROP TABLE IF EXISTS listening_participants;
--bun:split
DROP TABLE IF EXISTS listening_rooms;
