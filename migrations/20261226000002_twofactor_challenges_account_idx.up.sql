-- A deleted member's challenges are found (and the foreign key checked on
-- an account's removal) by account.
CREATE INDEX twofactor_challenges_account_idx ON twofactor_challenges (account_id);
