package metrics_test

import (
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"

	at "social/adapters/http/accountsapi/accountstest"
	"social/adapters/metrics"
	"social/internal/config"
	"social/internal/testkit"
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

	scrape(t, app.Client(),
		// Routes are the mux's patterns, never raw paths.
		`social_http_requests_total\{method="GET",route="GET /api/v1/feed",status="200"\} 1\b`,
		`social_http_requests_total\{method="GET",route="GET /api/v1/posts/\{id\}",status="404"\} 1\b`,
		`social_http_request_duration_seconds_count\{method="GET",route="GET /api/v1/feed"\} 1\b`,
		`social_jobs_total\{kind="mail.deliver",outcome="completed"\} [1-9]`,
		`social_job_run_duration_seconds_count\{kind="mail.deliver"\} [1-9]`,
		`social_jobs_queued\{state="available"\} \d+`,
		`social_realtime_sockets 1\b`,
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
