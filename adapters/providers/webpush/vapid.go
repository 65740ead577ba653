package webpush

import (
	"crypto/ecdsa"
	"encoding/base64"
	"errors"
	"fmt"
	"net/url"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// tokenLife is how long a VAPID token is valid: RFC 8292 section 2 caps it
// at 24 hours; half of that leaves room for clocks that disagree.
const tokenLife = 12 * time.Hour

// Authorization is the header value RFC 8292 section 3 defines for a
// request to endpoint: a JWT (ES256) whose audience is the push service's
// origin, and the public key that verifies it.
func Authorization(key *ecdsa.PrivateKey, subject, endpoint string, now time.Time) (string, error) {
	if key == nil {
		return "", errors.New("webpush: no VAPID key")
	}
	u, err := url.Parse(endpoint)
	if err != nil || u.Scheme == "" || u.Host == "" {
		return "", fmt.Errorf("webpush: endpoint is not an absolute URL")
	}
	claims := jwt.MapClaims{
		"aud": u.Scheme + "://" + u.Host,
		"exp": now.Add(tokenLife).Unix(),
		"sub": subject,
	}
	token, err := jwt.NewWithClaims(jwt.SigningMethodES256, claims).SignedString(key)
	if err != nil {
		return "", fmt.Errorf("webpush: sign VAPID token: %w", err)
	}
	public, err := PublicKey(key)
	if err != nil {
		return "", err
	}
	return "vapid t=" + token + ", k=" + base64.RawURLEncoding.EncodeToString(public), nil
}

// PublicKey is key's public half as an uncompressed point, the form the
// browser's applicationServerKey and the "k" parameter take.
func PublicKey(key *ecdsa.PrivateKey) ([]byte, error) {
	pub, err := key.PublicKey.ECDH()
	if err != nil {
		return nil, fmt.Errorf("webpush: VAPID key: %w", err)
	}
	return pub.Bytes(), nil
}
