package translatetest

import (
	"net/http"
	"testing"
	"time"
)

// Failure is one provider answer and the failure a translator must make of it.
type Failure struct {
	Name    string
	Status  int
	Body    []byte
	Headers map[string]string
	Want    Want
}

// Translate asks the adapter under test for one translation from a test
// server (the adapter's own, which checks the request) answering reply.
type Translate func(t *testing.T, reply http.HandlerFunc) error

// CheckFailures checks each failure in a parallel subtest; a rate-limited
// answer must come back with retryAfter, what its Retry-After header says.
func CheckFailures(t *testing.T, translate Translate, retryAfter time.Duration, failures []Failure) {
	t.Helper()
	for _, f := range failures {
		t.Run(f.Name, func(t *testing.T) {
			t.Parallel()
			err := translate(t, func(w http.ResponseWriter, _ *http.Request) { Reply(w, f.Status, f.Body, f.Headers) })
			e := AssertError(t, err, f.Want)
			if f.Want == RateLimited && e.RetryAfter != retryAfter {
				t.Errorf("RetryAfter = %v, want %v", e.RetryAfter, retryAfter)
			}
		})
	}
}

// CheckTimeout checks that a provider keeping the request past the
// translator's timeout (a few hundred milliseconds in the adapters' tests)
// makes it fail, long before the provider would answer.
func CheckTimeout(t *testing.T, translate Translate) {
	t.Helper()
	start := time.Now()
	err := translate(t, func(_ http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-time.After(5 * time.Second):
		}
	})
	AssertError(t, err, Failed)
	if took := time.Since(start); took > 3*time.Second {
		t.Fatalf("gave up after %v, want about the translator's timeout", took)
	}
}
