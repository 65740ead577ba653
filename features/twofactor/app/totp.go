package app

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha1" //nolint:gosec // RFC 6238's default, what every authenticator app speaks
	"encoding/base32"
	"encoding/binary"
	"fmt"
	"hash"
	"net/url"
	"strings"
	"time"
)

// TOTP parameters: RFC 6238 with SHA1, 6 digits, 30-second steps, and one
// step of drift accepted either way.
const (
	TOTPDigits = 6
	TOTPPeriod = 30 * time.Second
	TOTPSkew   = 1
	secretSize = 20
)

// HOTP is RFC 4226's code for counter under key, with digits digits.
func HOTP(newHash func() hash.Hash, key []byte, counter uint64, digits int) string {
	mac := hmac.New(newHash, key)
	var msg [8]byte
	binary.BigEndian.PutUint64(msg[:], counter)
	mac.Write(msg[:])
	sum := mac.Sum(nil)
	offset := sum[len(sum)-1] & 0x0f
	bin := binary.BigEndian.Uint32(sum[offset:offset+4]) & 0x7fffffff
	mod := uint32(1)
	for range digits {
		mod *= 10
	}
	return fmt.Sprintf("%0*d", digits, bin%mod)
}

// TOTPStep is the time step t falls in.
func TOTPStep(t time.Time) int64 { return t.Unix() / int64(TOTPPeriod/time.Second) }

// TOTPCode is the SHA1, 6-digit code of step.
func TOTPCode(secret []byte, step int64) string {
	return HOTP(sha1.New, secret, uint64(step), TOTPDigits)
}

// matchTOTP finds the step within the skew of now whose code is code, the
// newest first; ok false when none is.
func matchTOTP(secret []byte, code string, now time.Time) (step int64, ok bool) {
	if len(code) != TOTPDigits {
		return 0, false
	}
	current := TOTPStep(now)
	for d := int64(TOTPSkew); d >= -TOTPSkew; d-- {
		if hmac.Equal([]byte(TOTPCode(secret, current+d)), []byte(code)) {
			return current + d, true
		}
	}
	return 0, false
}

var b32 = base32.StdEncoding.WithPadding(base32.NoPadding)

// newTOTPSecret is 160 random bits, RFC 4226's recommended length.
func newTOTPSecret() []byte {
	b := make([]byte, secretSize)
	_, _ = rand.Read(b)
	return b
}

// SecretText is the secret as authenticator apps take it typed in.
func SecretText(secret []byte) string { return b32.EncodeToString(secret) }

// OTPAuthURI is the otpauth:// address the enrolment's QR code carries.
func OTPAuthURI(secret []byte, account string) string {
	label := url.PathEscape(Issuer + ":" + account)
	q := url.Values{}
	q.Set("secret", SecretText(secret))
	q.Set("issuer", Issuer)
	q.Set("algorithm", "SHA1")
	q.Set("digits", fmt.Sprint(TOTPDigits))
	q.Set("period", fmt.Sprint(int(TOTPPeriod/time.Second)))
	return "otpauth://totp/" + label + "?" + q.Encode()
}

// normalizeCode keeps a typed code's digits and letters, without spaces
// or dashes, in upper case.
func normalizeCode(s string) string {
	var b strings.Builder
	for _, r := range strings.ToUpper(s) {
		if (r >= '0' && r <= '9') || (r >= 'A' && r <= 'Z') {
			b.WriteRune(r)
		}
		if b.Len() > 64 {
			break
		}
	}
	return b.String()
}
