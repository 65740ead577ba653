package http_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"social/core/errs"
	"social/kit/httpkit"
)

// A request whose client went away is no server fault: it is answered 499
// (logged as information) rather than 500, while a cancellation the client
// did not cause stays a 500.
func TestAbandonedRequestIsNotAServerError(t *testing.T) {
	t.Parallel()
	cause := fmt.Errorf("list feed: %w", context.Canceled)

	gone, cancel := context.WithCancel(context.Background())
	cancel()
	if p := httpkit.ProblemFrom(gone, cause); p.Status != 499 || p.Code != "client_closed_request" {
		t.Errorf("client gone: %d %s, want 499 client_closed_request", p.Status, p.Code)
	}
	if p := httpkit.ProblemFrom(context.Background(), cause); p.Status != http.StatusInternalServerError {
		t.Errorf("canceled inside while the client waits: %d, want 500", p.Status)
	}
	if p := httpkit.ProblemFrom(gone, fmt.Errorf("broken")); p.Status != http.StatusInternalServerError {
		t.Errorf("another error after the client left: %d, want 500", p.Status)
	}
}

// A session check stopped by its client leaving is answered as the leaving
// (499), not as the database being down: a wave of clients giving up must
// not read as an outage. A check that failed while the client waits still
// says the database is unavailable.
func TestAbandonedSessionCheckIsNotADatabaseOutage(t *testing.T) {
	t.Parallel()
	refusal := errs.Unauthenticated("unauthenticated", "Você precisa estar logado.")

	gone, cancel := context.WithCancel(httpkit.WithSessionUnchecked(context.Background()))
	cancel()
	if p := httpkit.ProblemFrom(gone, refusal); p.Status != 499 || p.Code != "client_closed_request" {
		t.Errorf("client gone: %d %s, want 499 client_closed_request", p.Status, p.Code)
	}
	waiting := httpkit.WithSessionUnchecked(context.Background())
	if p := httpkit.ProblemFrom(waiting, refusal); p.Status != http.StatusServiceUnavailable || p.Code != httpkit.CodeDatabaseDown {
		t.Errorf("client waiting: %d %s, want 503 %s", p.Status, p.Code, httpkit.CodeDatabaseDown)
	}
}
