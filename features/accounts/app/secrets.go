package app

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
)

// newSecret makes an opaque token (32 random bytes, base64url) and the hash
// under which it is stored: a database leak gives no usable token.
func newSecret() (token string, hash []byte) {
	var b [32]byte
	_, _ = rand.Read(b[:]) // never fails (crypto/rand panics on failure)
	token = base64.RawURLEncoding.EncodeToString(b[:])
	return token, HashSecret(token)
}

// HashSecret is how opaque tokens (refresh and e-mail tokens) are looked up.
func HashSecret(token string) []byte {
	sum := sha256.Sum256([]byte(token))
	return sum[:]
}
