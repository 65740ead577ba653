DROP TABLE federation_hosts;
