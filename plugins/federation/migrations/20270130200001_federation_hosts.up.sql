-- What delivery remembers of each other server it sends to: since when
-- its inbox has been failing (NULL while it answers), and since when it
-- is taken as gone. A server failing for longer than
-- federation.delivery.unreachable_after is marked unreachable: its
-- deliveries are then dropped without a connection, until one succeeds
-- again or the server sends us an activity (it is back). A server that
-- never failed has no row.
CREATE TABLE federation_hosts (
    host              text PRIMARY KEY CHECK (host <> '' AND host = lower(host)),
    failing_since     timestamptz,
    last_failure_at   timestamptz,
    failures          integer NOT NULL DEFAULT 0 CHECK (failures >= 0),
    unreachable_since timestamptz,
    last_success_at   timestamptz,
    CHECK (unreachable_since IS NULL OR failing_since IS NOT NULL)
);
