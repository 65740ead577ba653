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

// Post is the text every adapter's tests translate, and Translation its
// pt-BR translation, the one the recorded answers carry.
const (
	Post        = "Good morning! Anyone coming to the show tonight? #música"
	Translation = "Bom dia! Alguém vem para o show hoje à noite? #música"
)

// Translate asks the adapter under test to translate Post, talking to a
// test server (the adapter's own, which checks the request) answering reply.
type Translate func(t *testing.T, reply http.HandlerFunc) (string, error)

// CheckTranslation checks that the adapter reads the recorded answer in
// testdata/answer (extra fields and all) as Translation.
func CheckTranslation(t *testing.T, translate Translate, answer string) {
	t.Helper()
	got, err := translate(t, func(w http.ResponseWriter, _ *http.Request) {
		Reply(w, http.StatusOK, Body(t, answer), nil)
	})
	if err != nil {
		t.Fatal(err)
	}
	if got != Translation {
		t.Fatalf("translation = %q, want %q", got, Translation)
	}
}

// CheckFailures checks each failure in a parallel subtest; a rate-limited
// answer must come back with retryAfter, what its Retry-After header says.
func CheckFailures(t *testing.T, translate Translate, retryAfter time.Duration, failures []Failure) {
	t.Helper()
	for _, f := range failures {
		t.Run(f.Name, func(t *testing.T) {
			t.Parallel()
			_, err := translate(t, func(w http.ResponseWriter, _ *http.Request) { Reply(w, f.Status, f.Body, f.Headers) })
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
	_, err := translate(t, func(_ http.ResponseWriter, r *http.Request) {
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
