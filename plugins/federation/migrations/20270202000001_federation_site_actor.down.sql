DROP TABLE federation_forwarded_reports;
DROP TABLE federation_site_key;
