-- Each member's key pair for HTTP signatures: the public half is shown on
-- the member's actor (publicKey), the private half signs what the server
-- sends on the member's behalf. Made the first time it is needed, one per
-- member (the primary key makes a race between two first uses keep one).
-- Rotation replaces both halves in place: the key's id on the actor
-- (<actor>#main-key) stays, and servers that fail to verify with the half
-- they cached fetch the actor again. The private half is PEM (PKCS #8) and
-- leaves this table only to sign; the row goes with the member's profile.
CREATE TABLE federation_member_keys (
    member_id       uuid PRIMARY KEY REFERENCES profiles (id) ON DELETE CASCADE,
    public_key_pem  text NOT NULL CHECK (public_key_pem LIKE '-----BEGIN PUBLIC KEY-----%'),
    private_key_pem text NOT NULL CHECK (private_key_pem LIKE '-----BEGIN PRIVATE KEY-----%'),
    created_at      timestamptz NOT NULL,
    rotated_at      timestamptz
);
