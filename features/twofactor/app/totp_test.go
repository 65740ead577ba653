package app

import (
	"crypto/sha1" //nolint:gosec // the RFC's vectors
	"strings"
	"testing"
	"time"
)

// RFC 6238 Appendix B, SHA1 with the 20-byte ASCII seed, 8 digits.
func TestHOTPMatchesRFC6238AppendixBForSHA1(t *testing.T) {
	seed := []byte("12345678901234567890")
	vectors := []struct {
		unix int64
		code string
	}{
		{59, "94287082"},
		{1111111109, "07081804"},
		{1111111111, "14050471"},
		{1234567890, "89005924"},
		{2000000000, "69279037"},
		{20000000000, "65353130"},
	}
	for _, v := range vectors {
		step := TOTPStep(time.Unix(v.unix, 0))
		if got := HOTP(sha1.New, seed, uint64(step), 8); got != v.code {
			t.Errorf("T=%d: code %s, want %s", v.unix, got, v.code)
		}
		// The 6-digit code is the last six digits of the 8-digit one.
		if got := TOTPCode(seed, step); got != v.code[2:] {
			t.Errorf("T=%d: 6-digit code %s, want %s", v.unix, got, v.code[2:])
		}
	}
}

func TestMatchTOTPAcceptsOneStepOfDriftEitherWayAndNoMore(t *testing.T) {
	secret := []byte("12345678901234567890")
	now := time.Unix(1_800_000_000, 0)
	step := TOTPStep(now)
	for d := int64(-1); d <= 1; d++ {
		if got, ok := matchTOTP(secret, TOTPCode(secret, step+d), now); !ok || got != step+d {
			t.Errorf("drift %d: (%d, %v), want (%d, true)", d, got, ok, step+d)
		}
	}
	for _, d := range []int64{-2, 2} {
		if _, ok := matchTOTP(secret, TOTPCode(secret, step+d), now); ok {
			t.Errorf("drift %d accepted", d)
		}
	}
}

func TestOTPAuthURICarriesTheSecretAndTheParameters(t *testing.T) {
	secret := []byte("12345678901234567890")
	uri := OTPAuthURI(secret, "maria@exemplo.com.br")
	for _, want := range []string{"otpauth://totp/social:maria@exemplo.com.br?", "secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ",
		"issuer=social", "algorithm=SHA1", "digits=6", "period=30"} {
		if !strings.Contains(uri, want) {
			t.Errorf("%s lacks %s", uri, want)
		}
	}
}

func TestRecoveryCodesAreTenDistinctAndHashed(t *testing.T) {
	codes, hashes := newRecoveryCodes(RecoveryCodeCount)
	if len(codes) != 10 || len(hashes) != 10 {
		t.Fatalf("%d codes, %d hashes", len(codes), len(hashes))
	}
	seen := map[string]bool{}
	for i, c := range codes {
		if len(c) != 11 || c[5] != '-' || seen[c] {
			t.Errorf("code %q", c)
		}
		seen[c] = true
		if string(hashOf(normalizeCode(strings.ToLower(c)))) != string(hashes[i]) {
			t.Errorf("code %q does not hash to its stored hash once typed in lower case", c)
		}
	}
}
