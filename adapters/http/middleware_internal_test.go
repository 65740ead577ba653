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
	h := withRequestID(logger, withAccessLog(logger, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
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
