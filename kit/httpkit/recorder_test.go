package httpkit

import (
	"bytes"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// A handler that sets a status again after answering (as Huma does when a
// body's write fails because its client left) is answered with the first
// status, remembered as such, and leaves no warning in the server's log.
func TestStatusRecorderPassesOnlyTheFirstStatus(t *testing.T) {
	var rec *StatusRecorder
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		rec = &StatusRecorder{ResponseWriter: w}
		rec.WriteHeader(http.StatusEarlyHints)
		rec.WriteHeader(http.StatusNotFound)
		_, _ = io.WriteString(rec, "não encontrado")
		rec.WriteHeader(499)
	}))
	var serverLog bytes.Buffer
	srv.Config.ErrorLog = log.New(&serverLog, "", 0)
	srv.Start()
	defer srv.Close()

	resp, err := http.Get(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound || string(body) != "não encontrado" {
		t.Fatalf("answer %d %q", resp.StatusCode, body)
	}
	if rec.Status != http.StatusNotFound || rec.Bytes != len("não encontrado") {
		t.Fatalf("recorded %d, %d bytes", rec.Status, rec.Bytes)
	}
	if strings.Contains(serverLog.String(), "superfluous") {
		t.Fatalf("server log: %s", serverLog.String())
	}
}
