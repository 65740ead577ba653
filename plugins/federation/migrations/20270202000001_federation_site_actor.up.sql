-- The site actor's key pair (one row): the server's own actor signs what
-- no member sends, such as a report forwarded to another server. Made the
-- first time it is needed, rotated in place like a member's.
CREATE TABLE federation_site_key (
    id              boolean PRIMARY KEY DEFAULT true CHECK (id),
    public_key_pem  text NOT NULL CHECK (public_key_pem LIKE '-----BEGIN PUBLIC KEY-----%'),
    private_key_pem text NOT NULL CHECK (private_key_pem LIKE '-----BEGIN PRIVATE KEY-----%'),
    created_at      timestamptz NOT NULL,
    rotated_at      timestamptz
);

-- The reports moderators forwarded to the reported account's server, once
-- each: the Flag's id, the text sent and who sent it. The report is the
-- reports feature's, named without a reference (the plugin's SQL names no
-- core table); a report is kept once filed.
CREATE TABLE federation_forwarded_reports (
    report_id    uuid PRIMARY KEY,
    activity_id  text NOT NULL UNIQUE CHECK (activity_id LIKE 'http%://%'),
    server       text NOT NULL,
    content      text NOT NULL CHECK (char_length(content) BETWEEN 1 AND 500),
    forwarded_by uuid,
    forwarded_at timestamptz NOT NULL
);
