DROP INDEX IF EXISTS accounts_hidden_idx;
DROP TABLE IF EXISTS post_shares;
