DROP TABLE known_devices;
--bun:split
DROP TABLE sign_in_failures;
