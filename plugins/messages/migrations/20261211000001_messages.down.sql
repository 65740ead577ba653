DROP TABLE IF EXISTS message_settings;
--bun:split
DROP TABLE IF EXISTS direct_messages;
--bun:split
DROP TABLE IF EXISTS conversation_members;
--bun:split
DROP TABLE IF EXISTS conversations;
