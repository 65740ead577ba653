package httpsig

import (
	"crypto"
	"crypto/ed25519"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"
)

// Signer signs outgoing requests the way Mastodon and GoToSocial expect
// today: a draft-cavage Signature header over "(request-target) host
// date" for a request without a body and "(request-target) host date
// digest" with one, the Digest being "SHA-256=<base64>" of the body.
type Signer struct {
	// KeyID names the public key, usually the actor's URL with
	// "#main-key".
	KeyID string
	// Key is an *rsa.PrivateKey (signed as "rsa-sha256", what every
	// fediverse server verifies) or an ed25519.PrivateKey (signed as
	// "hs2019").
	Key crypto.Signer
	// Now is the clock (default time.Now).
	Now func() time.Time
}

// Sign sets r's Date, Digest (when it has a body) and Signature headers.
// body is exactly the bytes r will send (nil for a GET); r.Body itself
// is neither read nor changed. The Host signed is r.Host, or r.URL.Host
// when r.Host is empty, which is what net/http will send.
func (s *Signer) Sign(r *http.Request, body []byte) error {
	if s.KeyID == "" || strings.ContainsAny(s.KeyID, "\"\\\r\n") {
		return errors.New("sign request: keyId empty or not quotable")
	}
	var algorithm string
	switch s.Key.(type) {
	case *rsa.PrivateKey:
		algorithm = "rsa-sha256"
	case ed25519.PrivateKey:
		algorithm = "hs2019"
	default:
		return fmt.Errorf("sign request: unsupported key type %T", s.Key)
	}
	if requestHost(r) == "" {
		return errors.New("sign request: no host")
	}
	now := time.Now
	if s.Now != nil {
		now = s.Now
	}
	r.Header.Set("Date", now().UTC().Format(http.TimeFormat))
	headers := "(request-target) host date"
	if body != nil || hasBody(r, body) {
		r.Header.Set("Digest", DigestHeader(body))
		headers += " digest"
	}
	p := cavageParams{algorithm: algorithm, headers: strings.Fields(headers)}
	base, ferr := cavageSigningString(r, p)
	if ferr != nil {
		return fmt.Errorf("sign request: %w", ferr)
	}
	var sig []byte
	var err error
	if algorithm == "rsa-sha256" {
		sum := sha256.Sum256([]byte(base))
		sig, err = s.Key.Sign(rand.Reader, sum[:], crypto.SHA256)
	} else {
		sig, err = s.Key.Sign(rand.Reader, []byte(base), crypto.Hash(0))
	}
	if err != nil {
		return fmt.Errorf("sign request: %w", err)
	}
	r.Header.Set("Signature", fmt.Sprintf(`keyId="%s",algorithm="%s",headers="%s",signature="%s"`,
		s.KeyID, algorithm, headers, base64.StdEncoding.EncodeToString(sig)))
	return nil
}
