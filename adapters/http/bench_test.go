package http_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"social/tests/testkit"
)

// BenchmarkMetaAgainstFloor measures GET /api/v1/meta through the whole
// stack (security headers, request ID, access log, Huma) against the floor:
// a bare net/http handler writing the same bytes, over loopback, in the same
// run. Requests alternate so both see the same machine load. The figure to
// read is floor_ratio (floor time / stack time; 1.0 means no overhead).
func BenchmarkMetaAgainstFloor(b *testing.B) {
	app := testkit.StartApp(b, nil, nil)
	resp, err := http.Get(app.URL + "/api/v1/meta")
	if err != nil {
		b.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	floor := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(body)
	}))
	defer floor.Close()

	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 4}}
	get := func(url string) time.Duration {
		start := time.Now()
		r, err := client.Get(url)
		if err != nil {
			b.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, r.Body)
		r.Body.Close()
		return time.Since(start)
	}
	var stackTime, floorTime time.Duration
	b.ResetTimer()
	for range b.N {
		floorTime += get(floor.URL)
		stackTime += get(app.URL + "/api/v1/meta")
	}
	b.ReportMetric(float64(stackTime.Nanoseconds())/float64(b.N), "stack_ns/op")
	b.ReportMetric(float64(floorTime.Nanoseconds())/float64(b.N), "floor_ns/op")
	b.ReportMetric(float64(floorTime)/float64(stackTime), "floor_ratio")
}
