package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"reflect"
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
// work, so that the answer's time does not tell who has an account: each
// answers the same bytes and enqueues one job with nothing but the
// address, and the lookup, the token and the mail happen in that job.
// Checked by what each request leaves behind rather than by timing
// millisecond requests (BenchmarkForgotPassword measures those).
func TestForgotPasswordDoesTheSameWorkForKnownAndUnknown(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	app.Member("clara")
	c := app.Client()
	ctx := context.Background()
	var answers [][]byte
	for _, email := range []string{"clara@example.com", "ninguem@example.com"} {
		r := c.Do(http.MethodPost, forgotPath, map[string]string{"email": email}).Expect(t, http.StatusAccepted)
		answers = append(answers, r.Body)
		var jobs []string
		if err := app.DB.NewRaw(`SELECT args::text FROM river_job WHERE kind = 'accounts.send_password_reset' AND args->>'email' = ?`,
			email).Scan(ctx, &jobs); err != nil {
			t.Fatal(err)
		}
		want, err := json.Marshal(map[string]string{"email": email})
		if err != nil {
			t.Fatal(err)
		}
		if len(jobs) != 1 || !jsonEqual(jobs[0], string(want)) {
			t.Errorf("request for %s enqueued %v, want one job with args %s", email, jobs, want)
		}
	}
	if !bytes.Equal(answers[0], answers[1]) {
		t.Errorf("answers differ: known %s, unknown %s", answers[0], answers[1])
	}
	if app.LatestToken("clara@example.com", at.ResetSubject) == "" {
		t.Fatal("the known e-mail got no recovery link: the job does not send it")
	}
	// Once the unknown address's job has been worked, it has mailed nothing.
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		var done bool
		if err := app.DB.NewRaw(`SELECT EXISTS (SELECT 1 FROM river_job WHERE kind = 'accounts.send_password_reset'
			AND args->>'email' = 'ninguem@example.com' AND state = 'completed')`).Scan(ctx, &done); err != nil {
			t.Fatal(err)
		}
		if done {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the unknown address's job was not worked within 10 s")
		}
	}
	if got := app.Mails("ninguem@example.com"); len(got) != 0 {
		t.Errorf("the unknown e-mail got %d mails", len(got))
	}
}

// jsonEqual tells whether two JSON texts hold the same value, whatever
// their spacing and key order.
func jsonEqual(a, b string) bool {
	var va, vb any
	return json.Unmarshal([]byte(a), &va) == nil && json.Unmarshal([]byte(b), &vb) == nil && reflect.DeepEqual(va, vb)
}

// BenchmarkForgotPassword measures the answer to a recovery request for a
// known e-mail and for an unknown one (make bench-micro): the two figures
// should be alike, the first the floor of the second. The clock moves past
// every limit before each request, so that each known request would mail.
func BenchmarkForgotPassword(b *testing.B) {
	app := at.Start(b, nil)
	app.Member("clara")
	c := app.Client()
	for _, bc := range []struct{ name, email string }{{"known", "clara@example.com"}, {"unknown", "ninguem@example.com"}} {
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				b.StopTimer()
				app.Clock.Advance(16 * time.Minute)
				b.StartTimer()
				c.Do(http.MethodPost, forgotPath, map[string]string{"email": bc.email}).Expect(b, http.StatusAccepted)
			}
		})
	}
}
