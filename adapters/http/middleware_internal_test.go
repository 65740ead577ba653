package http

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"social/kit/httpkit"
)

func TestValidRequestIDTakesWhatAProxySendsAndNothingElse(t *testing.T) {
	for id, want := range map[string]bool{
		"lb-1234.abc_X":            true,
		strings.Repeat("a", 64):    true,
		"":                         false,
		strings.Repeat("a", 65):    false,
		"<script>":                 false,
		"id with space":            false,
		"ação":                     false,
		"line\nbreak":              false,
		"9f8e7d6c5b4a392817160504": true,
	} {
		if got := validRequestID(id); got != want {
			t.Errorf("validRequestID(%q) = %v, want %v", id, got, want)
		}
	}
}

func TestNewRequestIDsAreValidAndDistinct(t *testing.T) {
	seen := map[string]bool{}
	for range 10000 {
		id := newRequestID()
		if len(id) != 24 || !validRequestID(id) {
			t.Fatalf("request ID %q", id)
		}
		if seen[id] {
			t.Fatalf("request ID %q made twice", id)
		}
		seen[id] = true
	}
}

// The access log line and whatever the handler logs both carry the
// request's ID.
func TestRequestLinesCarryTheRequestID(t *testing.T) {
	var out bytes.Buffer
	logger := slog.New(slog.NewJSONHandler(&out, nil))
	h := withRequestID(logger, withAccessLog(logger, true, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		httpkit.LoggerFrom(r.Context()).Warn("inside")
		w.WriteHeader(http.StatusTeapot)
	})))
	req := httptest.NewRequest(http.MethodGet, "/x", nil)
	req.Header.Set("X-Request-ID", "lb-42")
	h.ServeHTTP(httptest.NewRecorder(), req)
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 2 {
		t.Fatalf("logged %d lines: %s", len(lines), out.String())
	}
	for _, line := range lines {
		var entry map[string]any
		if err := json.Unmarshal([]byte(line), &entry); err != nil {
			t.Fatal(err)
		}
		if entry["request_id"] != "lb-42" {
			t.Errorf("line without the request ID: %s", line)
		}
	}
	if !strings.Contains(lines[1], `"status":418`) {
		t.Errorf("access line: %s", lines[1])
	}
}

// Quiet (log.requests failures, the development default): a successful
// answer, static or API, writes no line at info level; a refusal still
// does, a server error at error level; "all" brings every request back.
func TestAccessLogQuietKeepsOnlyFailures(t *testing.T) {
	// The 503 with Retry-After is work turned away on purpose (a flood at
	// the federation inbox): a line each would flood the log.
	statuses := []int{http.StatusOK, http.StatusNotModified, http.StatusNotFound, http.StatusTooManyRequests,
		http.StatusServiceUnavailable, http.StatusInternalServerError}
	for _, tc := range []struct {
		all  bool
		want []string
	}{
		{false, []string{`"status":404`, `"status":429`, `"level":"ERROR"`}},
		{true, []string{`"status":200`, `"status":304`, `"status":404`, `"status":429`, `"level":"ERROR"`}},
	} {
		var out bytes.Buffer
		logger := slog.New(slog.NewJSONHandler(&out, &slog.HandlerOptions{Level: slog.LevelInfo}))
		for _, code := range statuses {
			h := withAccessLog(logger, tc.all, http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
				if code == http.StatusServiceUnavailable {
					w.Header().Set("Retry-After", "30")
				}
				w.WriteHeader(code)
			}))
			h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodGet, "/assets/app.js", nil))
		}
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		if len(lines) != len(tc.want) {
			t.Fatalf("all=%v: logged %d lines, want %d:\n%s", tc.all, len(lines), len(tc.want), out.String())
		}
		for i, w := range tc.want {
			if !strings.Contains(lines[i], w) {
				t.Errorf("all=%v: line %d %s, want %s", tc.all, i, lines[i], w)
			}
		}
	}
}
