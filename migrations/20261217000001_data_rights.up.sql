-- Data rights (LGPD art. 18): a member's exports and the deletion of their
-- account.
--
-- A deleted account keeps its row and its profile's row as a tombstone: the
-- conversations of the other members still point at it and show its
-- messages as from "Conta excluída". Everything personal is scrubbed at
-- once; the rest of the member's content goes in batched jobs.
ALTER TABLE accounts ADD COLUMN deleted_at timestamptz;
--bun:split
CREATE INDEX accounts_deleted_idx ON accounts (deleted_at) WHERE deleted_at IS NOT NULL;
--bun:split
-- One row per export asked for. At most one is queued or building per
-- member (the partial unique index decides when two requests race).
CREATE TABLE data_exports (
    id           uuid PRIMARY KEY,
    member_id    uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    status       text NOT NULL CHECK (status IN ('queued', 'building', 'ready', 'failed', 'expired')),
    step         text CHECK (char_length(step) BETWEEN 1 AND 40),
    progress     integer NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
    archive_key  text CHECK (char_length(archive_key) BETWEEN 1 AND 512),
    size_bytes   bigint CHECK (size_bytes >= 0),
    requested_at timestamptz NOT NULL,
    finished_at  timestamptz,
    expires_at   timestamptz,
    CHECK ((status = 'ready') = (archive_key IS NOT NULL))
);
--bun:split
CREATE UNIQUE INDEX data_exports_one_running ON data_exports (member_id) WHERE status IN ('queued', 'building');
--bun:split
CREATE INDEX data_exports_member_idx ON data_exports (member_id, requested_at DESC, id DESC);
--bun:split
CREATE INDEX data_exports_expires_idx ON data_exports (expires_at) WHERE status = 'ready';
--bun:split
-- The handle of a deleted account stays taken until held_until, so nobody
-- can pass for the member right after they left.
CREATE TABLE handle_holds (
    handle     text PRIMARY KEY,
    held_until timestamptz NOT NULL
);
--bun:split
CREATE INDEX handle_holds_until_idx ON handle_holds (held_until);
--bun:split
-- A held handle answers as a taken one, through the same constraint name the
-- stores already read, whichever path writes the profile.
CREATE FUNCTION profiles_handle_not_held() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM handle_holds WHERE handle = NEW.handle AND held_until > now()) THEN
        RAISE EXCEPTION 'handle % is held', NEW.handle
            USING ERRCODE = 'unique_violation', CONSTRAINT = 'profiles_handle_key';
    END IF;
    RETURN NEW;
END
$$;
--bun:split
CREATE TRIGGER profiles_handle_hold BEFORE INSERT OR UPDATE OF handle ON profiles
    FOR EACH ROW EXECUTE FUNCTION profiles_handle_not_held();
