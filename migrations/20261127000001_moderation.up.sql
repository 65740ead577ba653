-- Moderation: suspended accounts, how a report was resolved, and the audit
-- log of every moderator's and administrator's act.
ALTER TABLE accounts
    ADD COLUMN suspended_at     timestamptz,
    ADD COLUMN suspended_reason text CHECK (char_length(suspended_reason) BETWEEN 1 AND 500);
--bun:split
-- Feeds, post pages and search skip the posts of suspended authors with an
-- anti-join on this index; it holds the few suspended accounts only.
CREATE INDEX accounts_suspended_idx ON accounts (id) WHERE suspended_at IS NOT NULL;
--bun:split
-- The dashboard's sign-ups and posts per day.
CREATE INDEX accounts_created_idx ON accounts (created_at);
--bun:split
CREATE INDEX posts_created_idx ON posts (created_at);
--bun:split
ALTER TABLE reports
    ADD COLUMN resolution      text CHECK (resolution IN ('dismiss', 'remove_post', 'suspend_author')),
    ADD COLUMN resolution_note text CHECK (char_length(resolution_note) BETWEEN 1 AND 500);
--bun:split
-- Read-only history: rows are inserted in the transaction of the act they
-- describe and never updated. actor_id is null for the operator's command
-- line; it has no foreign key so the history outlives the account.
CREATE TABLE audit_log (
    id          uuid PRIMARY KEY,
    actor_id    uuid,
    actor_role  text NOT NULL,
    action      text NOT NULL,
    target_type text NOT NULL,
    target_id   text NOT NULL,
    reason      text,
    details     jsonb NOT NULL DEFAULT '{}',
    created_at  timestamptz NOT NULL
);
--bun:split
CREATE INDEX audit_log_created_idx ON audit_log (created_at DESC, id DESC);
--bun:split
CREATE INDEX audit_log_target_idx ON audit_log (target_type, target_id);
