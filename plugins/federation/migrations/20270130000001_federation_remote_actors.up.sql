-- The actors of other servers this server knows: each is also a profile
-- with a domain (the core's remote account), so follows, timelines,
-- notifications, blocks and search work on it unchanged; this row keeps
-- what only federation needs: where the actor lives, where to deliver to
-- it, and the key its signatures are checked with. A row is refreshed
-- when its key fails to verify a signature or when it is older than the
-- cache lifetime; it goes with the profile.
CREATE TABLE federation_remote_actors (
    profile_id       uuid PRIMARY KEY REFERENCES profiles (id) ON DELETE CASCADE,
    actor_uri        text NOT NULL UNIQUE CHECK (actor_uri LIKE 'http%://%'),
    host             text NOT NULL CHECK (host <> '' AND host = lower(host)),
    inbox_url        text NOT NULL CHECK (inbox_url LIKE 'http%://%'),
    shared_inbox_url text CHECK (shared_inbox_url LIKE 'http%://%'),
    key_id           text NOT NULL,
    public_key_pem   text NOT NULL CHECK (public_key_pem LIKE '-----BEGIN %'),
    profile_url      text,
    manually_approves_followers boolean NOT NULL DEFAULT false,
    fetched_at       timestamptz NOT NULL
);

CREATE INDEX federation_remote_actors_host ON federation_remote_actors (host);
CREATE INDEX federation_remote_actors_key_id ON federation_remote_actors (key_id);
