-- The latest trending-music chart, replaced whole by trending.refresh.
CREATE TABLE trending_tracks (
    position    integer PRIMARY KEY CHECK (position >= 1),
    track_id    text NOT NULL,
    title       text NOT NULL,
    artist      text NOT NULL,
    album_art   text NOT NULL,
    preview_url text NOT NULL,
    link        text NOT NULL,
    fetched_at  timestamptz NOT NULL
);
