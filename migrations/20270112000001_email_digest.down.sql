DROP TABLE IF EXISTS email_digests;
--bun:split
DROP TABLE IF EXISTS email_digest_settings;
