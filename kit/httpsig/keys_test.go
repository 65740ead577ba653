package httpsig

import (
	"crypto/ed25519"
	"crypto/rsa"
	"crypto/x509"
	"encoding/pem"
	"strings"
	"testing"
)

func TestGeneratedKeyRoundTripsThroughPEM(t *testing.T) {
	key, err := GenerateRSAKey()
	if err != nil {
		t.Fatal(err)
	}
	if key.N.BitLen() != 2048 {
		t.Fatalf("key has %d bits", key.N.BitLen())
	}
	pubPEM, err := PublicKeyPEM(&key.PublicKey)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(pubPEM, "-----BEGIN PUBLIC KEY-----\n") {
		t.Fatalf("publicKeyPem is not PKIX: %q", pubPEM[:30])
	}
	pub, err := ParsePublicKeyPEM(pubPEM)
	if err != nil || !key.PublicKey.Equal(pub) {
		t.Fatalf("public key round trip: %v", err)
	}
	privPEM, err := PrivateKeyPEM(key)
	if err != nil {
		t.Fatal(err)
	}
	priv, err := ParsePrivateKeyPEM(privPEM)
	if err != nil || !key.Equal(priv) {
		t.Fatalf("private key round trip: %v", err)
	}
	// The same key in PKCS#1, as older servers and tools write it.
	pkcs1 := string(pem.EncodeToMemory(&pem.Block{Type: "RSA PUBLIC KEY", Bytes: x509.MarshalPKCS1PublicKey(&key.PublicKey)}))
	if pub, err := ParsePublicKeyPEM(pkcs1); err != nil || !key.PublicKey.Equal(pub) {
		t.Fatalf("PKCS#1 public key: %v", err)
	}
	pkcs1Priv := string(pem.EncodeToMemory(&pem.Block{Type: "RSA PRIVATE KEY", Bytes: x509.MarshalPKCS1PrivateKey(key)}))
	if priv, err := ParsePrivateKeyPEM(pkcs1Priv); err != nil || !key.Equal(priv) {
		t.Fatalf("PKCS#1 private key: %v", err)
	}
}

func TestParseRFCTestKeys(t *testing.T) {
	if _, ok := mustPublic(t, rfcKeyRSAPublic).(*rsa.PublicKey); !ok {
		t.Error("test-key-rsa (PKCS#1) is not RSA")
	}
	if _, ok := mustPublic(t, rfcKeyEd25519Public).(ed25519.PublicKey); !ok {
		t.Error("test-key-ed25519 is not Ed25519")
	}
	if _, ok := mustPrivate(t, rfcKeyEd25519Private).(ed25519.PrivateKey); !ok {
		t.Error("test-key-ed25519 private is not Ed25519")
	}
}

func TestParseKeyRefusesGarbage(t *testing.T) {
	key, _ := GenerateRSAKey()
	privPEM, _ := PrivateKeyPEM(key)
	for _, bad := range []string{
		"",
		"not a pem",
		"-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n",
		"-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n",
		privPEM, // a private key where a public one is expected
	} {
		if _, err := ParsePublicKeyPEM(bad); err == nil {
			t.Errorf("public key accepted: %.40q", bad)
		}
	}
	for _, bad := range []string{"", "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n", "-----BEGIN RSA PRIVATE KEY-----\nAAAA\n-----END RSA PRIVATE KEY-----\n"} {
		_, err := ParsePrivateKeyPEM(bad)
		if err == nil {
			t.Errorf("private key accepted: %.40q", bad)
		}
	}
	// An error about a private key never quotes it.
	broken := strings.Replace(privPEM, "MII", "XII", 1)
	if _, err := ParsePrivateKeyPEM(broken); err == nil || strings.Contains(err.Error(), "XII") {
		t.Errorf("broken private key: %v", err)
	}
}
