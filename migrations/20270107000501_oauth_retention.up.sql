-- What accounts.prune_oauth needs to find what OAuth no longer uses.
-- first_authorized_at: when a member first authorized the app (its first
-- code). A registration no member ever authorized is deleted a day after
-- it was made once it holds no code and no token; an app a member
-- authorized is kept. Apps authorized before this column are filled from
-- their codes and their members' tokens.
ALTER TABLE oauth_apps ADD COLUMN first_authorized_at timestamptz;
--bun:split
UPDATE oauth_apps a SET first_authorized_at = g.at
FROM (SELECT app_id, min(at) AS at FROM (
        SELECT app_id, created_at AS at FROM oauth_codes
        UNION ALL
        SELECT app_id, authorized_at FROM oauth_tokens WHERE account_id IS NOT NULL) u
    GROUP BY app_id) g
WHERE a.id = g.app_id;
--bun:split
CREATE INDEX oauth_apps_unauthorized_idx ON oauth_apps (created_at) WHERE first_authorized_at IS NULL;
--bun:split
CREATE INDEX oauth_codes_expires_idx ON oauth_codes (expires_at);
--bun:split
-- A token's end: the earlier of its revocation and the later of its
-- access and refresh expiries (LEAST and GREATEST skip NULLs).
CREATE INDEX oauth_tokens_end_idx ON oauth_tokens ((least(revoked_at, greatest(expires_at, refresh_expires_at))));
