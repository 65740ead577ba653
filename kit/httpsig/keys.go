package httpsig

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/pem"
	"errors"
	"fmt"
)

// RSAKeyBits is the size of the keys GenerateRSAKey makes: what Mastodon
// and GoToSocial make for their actors, and this package's minimum.
const RSAKeyBits = 2048

// maxRSABits bounds the keys we verify with: a remote actor's 16384-bit
// key would make every check of its requests costly for nothing.
const maxRSABits = 8192

// GenerateRSAKey makes a new RSA-2048 key pair for an actor.
func GenerateRSAKey() (*rsa.PrivateKey, error) {
	return rsa.GenerateKey(rand.Reader, RSAKeyBits)
}

// PublicKeyPEM encodes a public key as a PKIX "PUBLIC KEY" PEM block: the
// form an ActivityPub actor's publicKey.publicKeyPem carries.
func PublicKeyPEM(pub crypto.PublicKey) (string, error) {
	der, err := x509.MarshalPKIXPublicKey(pub)
	if err != nil {
		return "", fmt.Errorf("encode public key: %w", err)
	}
	return string(pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: der})), nil
}

// ParsePublicKeyPEM reads the first PEM block of text as a public key:
// PKIX ("PUBLIC KEY", RSA, Ed25519 or ECDSA) or PKCS#1 ("RSA PUBLIC KEY",
// which some servers publish). Text before the block is ignored, as
// pem.Decode does; a text with no block is an error.
func ParsePublicKeyPEM(text string) (crypto.PublicKey, error) {
	block, _ := pem.Decode([]byte(text))
	if block == nil {
		return nil, errors.New("parse public key: no PEM block")
	}
	switch block.Type {
	case "PUBLIC KEY":
		pub, err := x509.ParsePKIXPublicKey(block.Bytes)
		if err != nil {
			return nil, fmt.Errorf("parse public key: %w", err)
		}
		switch pub.(type) {
		case *rsa.PublicKey, ed25519.PublicKey, *ecdsa.PublicKey:
			return pub, nil
		}
		return nil, fmt.Errorf("parse public key: unsupported key type %T", pub)
	case "RSA PUBLIC KEY":
		pub, err := x509.ParsePKCS1PublicKey(block.Bytes)
		if err != nil {
			return nil, fmt.Errorf("parse public key: %w", err)
		}
		return pub, nil
	}
	return nil, fmt.Errorf("parse public key: unexpected PEM block %q", block.Type)
}

// PrivateKeyPEM encodes a private key as a PKCS#8 "PRIVATE KEY" PEM block.
// The text is a secret: store it, never log it.
func PrivateKeyPEM(key crypto.Signer) (string, error) {
	der, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		return "", fmt.Errorf("encode private key: %w", err)
	}
	return string(pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der})), nil
}

// ParsePrivateKeyPEM reads a PKCS#8 ("PRIVATE KEY") or PKCS#1 ("RSA
// PRIVATE KEY") block. Errors never quote the text.
func ParsePrivateKeyPEM(text string) (crypto.Signer, error) {
	block, _ := pem.Decode([]byte(text))
	if block == nil {
		return nil, errors.New("parse private key: no PEM block")
	}
	switch block.Type {
	case "PRIVATE KEY":
		key, err := x509.ParsePKCS8PrivateKey(block.Bytes)
		if err != nil {
			return nil, errors.New("parse private key: not a PKCS#8 key")
		}
		signer, ok := key.(crypto.Signer)
		if !ok {
			return nil, fmt.Errorf("parse private key: unsupported key type %T", key)
		}
		return signer, nil
	case "RSA PRIVATE KEY":
		key, err := x509.ParsePKCS1PrivateKey(block.Bytes)
		if err != nil {
			return nil, errors.New("parse private key: not a PKCS#1 key")
		}
		return key, nil
	}
	return nil, fmt.Errorf("parse private key: unexpected PEM block %q", block.Type)
}
