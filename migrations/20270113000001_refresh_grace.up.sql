-- When a rotated refresh token was accepted once more within
-- auth.refresh_reuse_grace (a page reloaded mid-refresh lost the
-- successor's cookie): it is accepted only once.
ALTER TABLE refresh_tokens ADD COLUMN grace_used_at timestamptz;
