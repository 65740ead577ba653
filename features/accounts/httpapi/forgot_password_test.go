package httpapi_test

import (
	"fmt"
	"net/http"
	"slices"
	"testing"
	"time"

	at "social/tests/testkit/apptest"
)

const waitReset = "Aguarde 15 minutos antes de pedir outro email."

// Recovery requests are limited per client address, answering 429 with an
// "Aguarde..." text that names the wait; never per e-mail (what is sent is,
// see TestRecoveryRequestsOfOthersDoNotKeepTheOwnerFromALink), so requests
// for one e-mail from many addresses are all answered alike, known or not.
func TestForgotPasswordLimits(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	app.Member("lia")
	for _, email := range []string{"lia@example.com", "ninguem@example.com"} {
		for range 10 {
			app.Client().Do(http.MethodPost, forgotPath, map[string]string{"email": email}).Expect(t, http.StatusAccepted)
		}
	}
	c := app.Client()
	for i := range 20 {
		c.Do(http.MethodPost, forgotPath, map[string]string{"email": fmt.Sprintf("varios%d@example.com", i)}).Expect(t, http.StatusAccepted)
	}
	expectLimited(t, c.Do(http.MethodPost, forgotPath, map[string]string{"email": "mais@example.com"}), waitReset, "900")
	expectLimited(t, c.Do(http.MethodPost, forgotPath, map[string]string{"email": "lia@example.com"}), waitReset, "900")
	// Another address is not held back by that one.
	app.Client().Do(http.MethodPost, forgotPath, map[string]string{"email": "outro@example.com"}).Expect(t, http.StatusAccepted)
}

// A recovery request for a known e-mail and for an unknown one do the same
// work (the lookup, the token and the mail are a job), so the answer's time
// does not tell who has an account. Interleaved samples, the clock moved
// past every limit between rounds so that each known request would mail;
// the ratio of the medians within a wide band. Not parallel.
func TestForgotPasswordTimeDoesNotTellKnownFromUnknown(t *testing.T) {
	app := at.Start(t, nil)
	app.Member("clara")
	forgot := func(c *at.Client, email string) time.Duration {
		start := time.Now()
		c.Do(http.MethodPost, forgotPath, map[string]string{"email": email}).Expect(t, http.StatusAccepted)
		return time.Since(start)
	}
	c := app.Client()
	const samples = 41
	var known, unknown []time.Duration
	for i := range samples + 3 {
		app.Clock.Advance(16 * time.Minute)
		k, u := forgot(c, "clara@example.com"), forgot(c, fmt.Sprintf("ninguem%d@example.com", i))
		if i >= 3 { // the first rounds warm both paths up
			known, unknown = append(known, k), append(unknown, u)
		}
	}
	median := func(d []time.Duration) time.Duration {
		slices.Sort(d)
		return d[len(d)/2]
	}
	k, u := median(known), median(unknown)
	ratio := float64(u) / float64(k)
	t.Logf("median forgot-password: known e-mail %v, unknown e-mail %v (ratio %.2f)", k, u, ratio)
	if ratio < 0.6 || ratio > 1.67 {
		t.Fatalf("unknown/known median ratio %.2f is outside 0.6-1.67: the answer's time tells whether an account exists", ratio)
	}
	if len(app.Mails("clara@example.com")) < 2 {
		t.Fatal("the known e-mail got no recovery mail: the job does not send it")
	}
}
