package httpapi_test

import (
	"bufio"
	"fmt"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	at "social/tests/testkit/apptest"
)

// stalledUpload declares a 10 GB multipart body on path, sends its first
// bytes and then nothing, and returns the status line of the answer, or
// fails if none comes within two seconds (the body would take forever).
func stalledUpload(t *testing.T, app *at.App, method, path, token string) string {
	t.Helper()
	host := strings.TrimPrefix(app.URL, "http://")
	conn, err := net.Dial("tcp", host)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	auth := ""
	if token != "" {
		auth = "Authorization: Bearer " + token + "\r\n"
	}
	const boundary = "parado"
	head := "--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"grande.mp4\"\r\n" +
		"Content-Type: video/mp4\r\n\r\n" + string(mp4File()[:24])
	if _, err := fmt.Fprintf(conn, "%s %s HTTP/1.1\r\nHost: %s\r\n%sContent-Type: multipart/form-data; boundary=%s\r\n"+
		"Content-Length: %d\r\n\r\n%s", method, path, host, auth, boundary, int64(10)<<30, head); err != nil {
		t.Fatal(err)
	}
	_ = conn.SetReadDeadline(time.Now().Add(2 * time.Second))
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("%s %s declaring 10 GB, then stalling: no answer within 2 s: %v", method, path, err)
	}
	resp.Body.Close()
	return resp.Status
}

// Every upload route answers before reading the body: nobody gets 401 at
// once, a member declaring more than the cap gets 413 at once.
func TestUploadsRefuseBeforeReadingTheBody(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	ana := app.Member("ana")
	routes := [][2]string{
		{http.MethodPost, "/api/v1/posts/media"},
		{http.MethodPut, "/api/v1/profiles/me/avatar"},
		{http.MethodPut, "/api/v1/profiles/me/banner"},
	}
	for _, r := range routes {
		if got := stalledUpload(t, app, r[0], r[1], ""); !strings.HasPrefix(got, "401") {
			t.Errorf("anonymous %s %s: %s, want 401 at once", r[0], r[1], got)
		}
		if got := stalledUpload(t, app, r[0], r[1], ana.Session.AccessToken); !strings.HasPrefix(got, "413") {
			t.Errorf("member %s %s: %s, want 413 at once", r[0], r[1], got)
		}
	}
}
