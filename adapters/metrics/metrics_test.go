package metrics_test

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"social/adapters/metrics"
	"social/config"
	"social/tests/testkit"
	at "social/tests/testkit/apptest"
)

func TestMain(m *testing.M) { testkit.Main(m) }

// scrape reads /metrics until every pattern matches (jobs finish in the
// background), and returns the last page.
func scrape(t *testing.T, c *at.Client, patterns ...string) string {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		page := string(c.Do(http.MethodGet, "/metrics", nil).Expect(t, http.StatusOK).Body)
		missing := ""
		for _, p := range patterns {
			if !regexp.MustCompile(p).MatchString(page) {
				missing = p
				break
			}
		}
		if missing == "" {
			return page
		}
		if time.Now().After(deadline) {
			t.Fatalf("/metrics never matched %s:\n%s", missing, page)
		}
	}
}

func TestMetricsCountRequestsJobsAndSockets(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	ana := app.Member("ana") // signs up: a mail.deliver job runs
	ana.Do(http.MethodGet, "/api/v1/feed", nil).Expect(t, http.StatusOK)
	ana.Do(http.MethodGet, "/api/v1/posts/0193e0c1-7c2e-7000-8000-000000000001", nil).Expect(t, http.StatusNotFound)
	sock := ana.Realtime(t, "feed:public")
	// Its post.created event is written to the socket, and timed.
	ana.Do(http.MethodPost, "/api/v1/posts", map[string]string{"text_content": "ao vivo"}).Expect(t, http.StatusCreated)

	scrape(t, app.Client(),
		// Routes are the mux's patterns, never raw paths.
		`social_http_requests_total\{method="GET",route="GET /api/v1/feed",status="200"\} 1\b`,
		`social_http_requests_total\{method="GET",route="GET /api/v1/posts/\{id\}",status="404"\} 1\b`,
		`social_http_request_duration_seconds_count\{method="GET",route="GET /api/v1/feed"\} 1\b`,
		`social_jobs_total\{kind="mail.deliver",outcome="completed"\} [1-9]`,
		`social_job_run_duration_seconds_count\{kind="mail.deliver"\} [1-9]`,
		`social_jobs_queued\{state="available"\} \d+`,
		`social_realtime_sockets 1\b`,
		`social_realtime_delivery_seconds_count 1\b`,
		// The open socket is not a request in flight; the scrape itself is.
		`social_http_requests_in_flight 1\b`,
		`go_goroutines \d+`,
	)
	sock.Close()
	// A socket's request is counted when it ends, without a duration.
	page := scrape(t, app.Client(), `social_realtime_sockets 0\b`,
		`social_http_requests_total\{method="GET",route="/api/v1/realtime",status="101"\} 1\b`)
	if strings.Contains(page, `social_http_request_duration_seconds_count{method="GET",route="/api/v1/realtime"}`) {
		t.Error("a socket's lifetime was timed as a request")
	}
}

func TestMetricsToken(t *testing.T) {
	t.Parallel()
	app := at.Start(t, func(cfg *config.Config) { cfg.Metrics.Token = "scraper-secret-0123456789" })
	c := app.Client()
	p := c.Do(http.MethodGet, "/metrics", nil).Expect(t, http.StatusUnauthorized).Problem(t)
	if p.Code != "metrics_unauthorized" {
		t.Fatalf("problem = %+v", p)
	}
	c.Do(http.MethodGet, "/metrics", nil, "Authorization", "Bearer wrong-secret-0123456789").Expect(t, http.StatusUnauthorized)
	body := c.Do(http.MethodGet, "/metrics", nil, "Authorization", "Bearer scraper-secret-0123456789").Expect(t, http.StatusOK).Body
	if !strings.Contains(string(body), "social_http_requests_total") {
		t.Fatalf("metrics page:\n%s", body)
	}
}

// In production, /metrics without a token is closed, with a problem that
// says which key opens it.
func TestMetricsClosedInProductionWithoutToken(t *testing.T) {
	t.Parallel()
	h := metrics.New().Handler(config.Metrics{Enabled: true}, config.ModeProduction)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/metrics", nil))
	if rec.Code != http.StatusForbidden || !strings.Contains(rec.Body.String(), `"code":"metrics_closed"`) ||
		!strings.Contains(rec.Body.String(), "metrics.token") {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	h = metrics.New().Handler(config.Metrics{Enabled: true, Token: "scraper-secret-0123456789"}, config.ModeProduction)
	rec = httptest.NewRecorder()
	req := httptest.NewRequest(http.MethodGet, "/metrics", nil)
	req.Header.Set("Authorization", "Bearer scraper-secret-0123456789")
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusOK {
		t.Fatalf("with the token: %d %s", rec.Code, rec.Body)
	}
}

func TestMetricsSwitchedOff(t *testing.T) {
	t.Parallel()
	app := at.Start(t, func(cfg *config.Config) { cfg.Metrics.Enabled = false })
	body := string(app.Client().Do(http.MethodGet, "/metrics", nil).Body)
	if strings.Contains(body, "social_http_requests_total") {
		t.Fatal("metrics served while metrics.enabled is off")
	}
}

// seriesCount counts the samples of the request metrics on a page.
func seriesCount(page string) int {
	n := 0
	for _, line := range strings.Split(page, "\n") {
		if strings.HasPrefix(line, "social_http_") {
			n++
		}
	}
	return n
}

// Anonymous clients choose the method, the path and how often they ask: none
// of that may add a series. 10,000 junk requests (made-up methods, random
// paths, known methods on paths that match nothing) on keep-alive
// connections leave the count of series as a few control requests set it.
func TestJunkRequestsAddNoSeries(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	base := app.URL
	client := &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 8}}
	send := func(method, path string) {
		req, err := http.NewRequest(method, base+path, nil)
		if err != nil {
			t.Error(err)
			return
		}
		resp, err := client.Do(req)
		if err != nil {
			t.Error(err)
			return
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
	// One of each kind first, so that every closed-set series exists.
	for _, p := range [][2]string{{"BREW", "/x"}, {"GET", "/api/v1/nada/0"}, {"POST", "/api/v1/nada/0"},
		{"GET", "/zz/0"}, {"PROPFIND", "/api/v1/feed"}} {
		send(p[0], p[1])
	}
	before := seriesCount(scrape(t, app.Client()))
	const total, workers = 10_000, 8
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < total; i += workers {
				switch i % 4 {
				case 0:
					send(fmt.Sprintf("M%dX", i), fmt.Sprintf("/x/%d", i))
				case 1:
					send(http.MethodGet, fmt.Sprintf("/api/v1/nada/%d", i))
				case 2:
					send(http.MethodPost, fmt.Sprintf("/api/v1/nada/%d?q=%d", i, i))
				default:
					send(fmt.Sprintf("PROP%d", i), "/api/v1/feed")
				}
			}
		}()
	}
	wg.Wait()
	page := scrape(t, app.Client())
	// The scrape itself adds the metrics route once (a control-set series).
	if after := seriesCount(page); after > before+20 {
		t.Fatalf("10,000 junk requests took the request series from %d to %d", before, after)
	}
	if !strings.Contains(page, `method="other"`) {
		t.Fatalf("made-up methods are not counted as other:\n%s", page)
	}
}

func TestLabelsComeFromClosedSets(t *testing.T) {
	t.Parallel()
	m := metrics.New()
	mux := http.NewServeMux()
	mux.HandleFunc("GET /known/{id}", func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(799) })
	h := m.Observe(mux)
	for i := range 50 {
		h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(fmt.Sprintf("X%d", i), fmt.Sprintf("/r/%d", i), nil))
		h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodGet, fmt.Sprintf("/known/%d", i), nil))
	}
	families, err := m.Registry.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range families {
		if f.GetName() == "social_http_requests_total" && len(f.GetMetric()) != 2 {
			t.Fatalf("%d request series from 100 requests of two kinds: %v", len(f.GetMetric()), f.GetMetric())
		}
	}
}
