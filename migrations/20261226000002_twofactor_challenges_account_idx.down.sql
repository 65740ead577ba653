DROP INDEX IF EXISTS twofactor_challenges_account_idx;
