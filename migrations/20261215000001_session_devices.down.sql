ALTER TABLE sessions DROP COLUMN network;
--bun:split
ALTER TABLE sessions DROP COLUMN user_agent;
