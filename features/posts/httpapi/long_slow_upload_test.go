//go:build long

package httpapi_test

import (
	"testing"
	"time"

	at "social/tests/testkit/apptest"
)

// With the shipped configuration (http.read_timeout 60s), a client that
// trickles its upload a byte a second is cut off before it has sent three
// minutes' worth. Over a minute: make test-long.
func TestLongSlowUploadWithTheShippedTimeout(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	if app.Config.HTTP.ReadTimeout != time.Minute {
		t.Fatalf("http.read_timeout = %v; this test is about the shipped 60s", app.Config.HTTP.ReadTimeout)
	}
	slowUpload(t, app, 180, time.Second)
}
