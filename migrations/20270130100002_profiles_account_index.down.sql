DROP INDEX profiles_account_id_idx;
