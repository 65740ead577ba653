DROP TABLE IF EXISTS oauth_tokens;
--bun:split
DROP TABLE IF EXISTS oauth_codes;
--bun:split
DROP TABLE IF EXISTS oauth_apps;
