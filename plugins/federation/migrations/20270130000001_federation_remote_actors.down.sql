DROP TABLE federation_remote_actors;
