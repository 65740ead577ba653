package http_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"

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
