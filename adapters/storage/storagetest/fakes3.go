package storagetest

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"
)

// FakeS3 serves an S3-compatible service kept in memory (gofakes3), with
// bucket made, until the test ends. Each of guards (a signature check)
// wraps the service and the guards before it.
func FakeS3(t testing.TB, bucket string, guards ...func(http.Handler) http.Handler) *httptest.Server {
	t.Helper()
	backend := s3mem.New()
	if err := backend.CreateBucket(bucket); err != nil {
		t.Fatal(err)
	}
	handler := gofakes3.New(backend).Server()
	for _, guard := range guards {
		handler = guard(handler)
	}
	srv := httptest.NewServer(handler)
	t.Cleanup(srv.Close)
	return srv
}
