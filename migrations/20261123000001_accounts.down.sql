DROP TABLE IF EXISTS rate_limit_events;
--bun:split
DROP TABLE IF EXISTS mail_outbox;
--bun:split
DROP TABLE IF EXISTS email_tokens;
--bun:split
DROP TABLE IF EXISTS refresh_tokens;
--bun:split
DROP TABLE IF EXISTS sessions;
--bun:split
DROP TABLE IF EXISTS profiles;
--bun:split
DROP TABLE IF EXISTS accounts;
