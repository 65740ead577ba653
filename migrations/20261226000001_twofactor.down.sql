DROP TABLE IF EXISTS twofactor_failures;
--bun:split
DROP TABLE IF EXISTS twofactor_challenges;
--bun:split
DROP TABLE IF EXISTS passkeys;
--bun:split
DROP TABLE IF EXISTS twofactor_recovery_codes;
--bun:split
DROP TABLE IF EXISTS twofactor_totp;
