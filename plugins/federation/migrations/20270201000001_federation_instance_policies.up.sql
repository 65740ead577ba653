-- What the operators decided about another server, by its domain (the
-- host of its actors, with the port when not the default): suspended
-- (nothing taken from it nor sent to it, its accounts removed here),
-- silenced (its accounts' public posts kept for their followers only)
-- and media rejected (no picture or video of it copied here). A domain
-- with no row federates freely. The reason is the moderators' own note;
-- every change is also in the audit log.
CREATE TABLE federation_instance_policies (
    id           uuid PRIMARY KEY,
    domain       text NOT NULL UNIQUE CHECK (domain <> '' AND domain = lower(domain) AND length(domain) <= 253),
    suspend      boolean NOT NULL DEFAULT false,
    silence      boolean NOT NULL DEFAULT false,
    reject_media boolean NOT NULL DEFAULT false,
    reason       text NOT NULL CHECK (reason <> ''),
    created_at   timestamptz NOT NULL,
    updated_at   timestamptz NOT NULL,
    CHECK (suspend OR silence OR reject_media)
);
--bun:split
-- An Announce of one of our posts is counted as a share by the remote
-- profile; this row remembers it was counted once.
ALTER TABLE federation_remote_objects DROP CONSTRAINT federation_remote_objects_kind_check;
--bun:split
ALTER TABLE federation_remote_objects ADD CONSTRAINT federation_remote_objects_kind_check
    CHECK (kind IN ('post', 'comment', 'follow', 'like', 'share'));
