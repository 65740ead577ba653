package httpapi_test

import (
	"fmt"
	"net/http"
	"slices"
	"testing"
	"time"

	"social/config"
	at "social/tests/testkit/apptest"
)

// A wrong password for a known e-mail and any password for an unknown one
// take the same time, so that the clock does not tell who has an account:
// both pay one Argon2id verification with the app's own parameters. This is
// a security property, not a speed target: interleaved samples, the ratio
// of the medians within a wide band (a missing stand-in hash makes the
// unknown e-mail tens of times faster: fifteen samples a side show that
// as plainly as forty would, and each one costs a full hash). Not
// parallel, so that the package's other tests do not load one side more
// than the other.
func TestSignInTimeDoesNotTellKnownFromUnknown(t *testing.T) {
	app := at.StartWithAppHashing(t, func(c *config.Config) {
		c.Limits.SignInPerEmail = 100000
		c.Limits.SignInPerIP = 100000
	})
	app.Member("clara")
	const samples = 15
	signIn := func(email string) time.Duration {
		c := app.Client()
		start := time.Now()
		p := c.Do(http.MethodPost, signInPath, map[string]string{"email": email, "password": "SenhaErrada9"}).
			Expect(t, http.StatusUnauthorized).Problem(t)
		d := time.Since(start)
		if p.Code != "invalid_credentials" {
			t.Fatalf("problem = %+v", p)
		}
		return d
	}
	for range 3 { // warm both paths up (connections, caches)
		signIn("clara@example.com")
		signIn("ninguem@example.com")
	}
	var known, unknown []time.Duration
	for i := range samples {
		// Interleaved, so that the machine's load falls on both alike.
		known = append(known, signIn("clara@example.com"))
		unknown = append(unknown, signIn(fmt.Sprintf("ninguem%d@example.com", i)))
	}
	median := func(d []time.Duration) time.Duration {
		slices.Sort(d)
		return d[len(d)/2]
	}
	k, u := median(known), median(unknown)
	ratio := float64(u) / float64(k)
	t.Logf("median sign-in: known e-mail %v, unknown e-mail %v (ratio %.2f)", k, u, ratio)
	if ratio < 0.5 || ratio > 2 {
		t.Fatalf("unknown/known median ratio %.2f is outside 0.5-2: the answer's time tells whether an account exists", ratio)
	}
}
