ALTER TABLE listening_rooms DROP COLUMN IF EXISTS track_image_path;
