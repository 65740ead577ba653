package webpush

import (
	"bytes"
	"crypto/ecdh"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"testing"
)

func b64(t *testing.T, s string) []byte {
	t.Helper()
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		t.Fatalf("decode %q: %v", s, err)
	}
	return b
}

// RFC 8291 section 5 (and appendix A): the example's keys and salt give
// the example's message, byte for byte, and its private key opens it.
func TestTheRFC8291ExampleIsReproduced(t *testing.T) {
	sender, err := ecdh.P256().NewPrivateKey(b64(t, "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw"))
	if err != nil {
		t.Fatal(err)
	}
	if got := base64.RawURLEncoding.EncodeToString(sender.PublicKey().Bytes()); got != "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8" {
		t.Fatalf("sender public key %s", got)
	}
	uaPublic := b64(t, "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4")
	auth := b64(t, "BTBZMqHH6r4Tts7J_aSIgg")
	plaintext := []byte("When I grow up, I want to be a watermelon")
	got, err := encrypt(sender, b64(t, "DGv6ra1nlYgDCS1FRnbzlw"), uaPublic, auth, plaintext)
	if err != nil {
		t.Fatal(err)
	}
	want := b64(t, "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN")
	if !bytes.Equal(got, want) {
		t.Fatalf("message\n got %s\nwant %s", base64.RawURLEncoding.EncodeToString(got), base64.RawURLEncoding.EncodeToString(want))
	}
	ua, err := ecdh.P256().NewPrivateKey(b64(t, "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(ua.PublicKey().Bytes(), uaPublic) {
		t.Fatal("the example's device keys do not match")
	}
	opened, err := Decrypt(ua, auth, want)
	if err != nil || !bytes.Equal(opened, plaintext) {
		t.Fatalf("decrypt = %q, %v", opened, err)
	}
}

func TestEveryMessageHasItsOwnKeyAndSalt(t *testing.T) {
	device, _ := ecdh.P256().GenerateKey(rand.Reader)
	auth := make([]byte, 16)
	_, _ = rand.Read(auth)
	a, err := Encrypt(device.PublicKey().Bytes(), auth, []byte("olá"))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Encrypt(device.PublicKey().Bytes(), auth, []byte("olá"))
	if bytes.Equal(a[:headerSize], b[:headerSize]) {
		t.Fatal("two messages share a salt and sender key")
	}
	if got, err := Decrypt(device, auth, a); err != nil || string(got) != "olá" {
		t.Fatalf("decrypt = %q, %v", got, err)
	}
	// Another auth secret does not open it (the AEAD tag fails).
	other := bytes.Clone(auth)
	other[0] ^= 1
	if _, err := Decrypt(device, other, a); err == nil {
		t.Fatal("opened with the wrong auth secret")
	}
	if _, err := Encrypt(device.PublicKey().Bytes(), auth, make([]byte, MaxPayload+1)); !errors.Is(err, ErrPayloadTooLarge) {
		t.Fatalf("oversized payload: %v", err)
	}
	if body, err := Encrypt(device.PublicKey().Bytes(), auth, make([]byte, MaxPayload)); err != nil || len(body) != recordSize {
		t.Fatalf("largest payload: %d bytes, %v", len(body), err)
	}
	if _, err := Encrypt([]byte("not a point"), auth, []byte("x")); err == nil {
		t.Fatal("accepted a device key that is not a P-256 point")
	}
}
