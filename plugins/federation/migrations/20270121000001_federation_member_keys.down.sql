DROP TABLE IF EXISTS federation_member_keys;
