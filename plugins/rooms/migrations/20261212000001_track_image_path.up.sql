-- A room's picture is the server's copy of the station's logo or of the
-- host's track image (track_image_url stays the address it came from, read
-- by the server only), so members' browsers never ask an address someone
-- else chose. Rooms opened before have no copy and show the radio icon
-- until they end.
ALTER TABLE listening_rooms ADD COLUMN track_image_path text;
