// Package keys makes the members' signing keys: RSA-2048 pairs as PEM,
// with the standard library alone. The encodings are the ones the social
// web's signatures read (SubjectPublicKeyInfo for the public half, which
// an actor's publicKeyPem carries; PKCS #8 for the private half), so a
// shared signing library can take their place without a migration.
package keys

import (
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/pem"
	"fmt"

	"social/plugins/federation/app"
)

// Bits is the size of the members' keys: what Mastodon and its peers make
// and every one of them verifies.
const Bits = 2048

// RSA makes RSA key pairs.
type RSA struct{}

var _ app.KeyMaker = RSA{}

// NewKeyPair makes one pair.
func (RSA) NewKeyPair() (app.KeyPair, error) {
	key, err := rsa.GenerateKey(rand.Reader, Bits)
	if err != nil {
		return app.KeyPair{}, fmt.Errorf("rsa key: %w", err)
	}
	pub, err := x509.MarshalPKIXPublicKey(&key.PublicKey)
	if err != nil {
		return app.KeyPair{}, fmt.Errorf("rsa public key: %w", err)
	}
	priv, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		return app.KeyPair{}, fmt.Errorf("rsa private key: %w", err)
	}
	return app.KeyPair{
		PublicPEM:  string(pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: pub})),
		PrivatePEM: string(pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: priv})),
	}, nil
}

// ParsePublic reads a public key as NewKeyPair writes it.
func ParsePublic(pemText string) (*rsa.PublicKey, error) {
	block, _ := pem.Decode([]byte(pemText))
	if block == nil || block.Type != "PUBLIC KEY" {
		return nil, fmt.Errorf("not a PEM public key")
	}
	k, err := x509.ParsePKIXPublicKey(block.Bytes)
	if err != nil {
		return nil, err
	}
	rk, ok := k.(*rsa.PublicKey)
	if !ok {
		return nil, fmt.Errorf("not an RSA key: %T", k)
	}
	return rk, nil
}
