package http_test

import (
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"social/adapters/storage/storagetest"
	"social/config"
	"social/core/domain"
	"social/kit/plugin"
	"social/tests/testkit"
)

func TestMain(m *testing.M) { testkit.Main(m) }

// scenario is one request and what must come back.
type scenario struct {
	name       string
	method     string
	path       string
	header     map[string]string
	wantStatus int
	wantType   string            // Content-Type prefix
	wantHeader map[string]string // exact header values
	wantBody   []string          // substrings of the body
}

func (s scenario) run(t *testing.T, base string) (*http.Response, string) {
	t.Helper()
	method := s.method
	if method == "" {
		method = http.MethodGet
	}
	req, err := http.NewRequest(method, base+s.path, nil)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range s.header {
		req.Header.Set(k, v)
	}
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("%s %s: read the answer: %v", method, s.path, err)
	}
	body := string(b)
	if resp.StatusCode != s.wantStatus {
		t.Fatalf("%s %s = %d, want %d: %s", method, s.path, resp.StatusCode, s.wantStatus, body)
	}
	if s.wantType != "" && !strings.HasPrefix(resp.Header.Get("Content-Type"), s.wantType) {
		t.Errorf("Content-Type = %q, want %q", resp.Header.Get("Content-Type"), s.wantType)
	}
	for k, v := range s.wantHeader {
		if got := resp.Header.Get(k); got != v {
			t.Errorf("header %s = %q, want %q", k, got, v)
		}
	}
	for _, want := range s.wantBody {
		if !strings.Contains(body, want) {
			t.Errorf("body lacks %q: %s", want, body)
		}
	}
	return resp, body
}

var securityHeaders = []string{"Content-Security-Policy", "X-Content-Type-Options", "X-Frame-Options", "Referrer-Policy", "X-Request-Id"}

func TestAPIScenarios(t *testing.T) {
	t.Parallel()
	// The core alone: plugins add routes, stats and rows these pin down.
	app := testkit.StartApp(t, nil, []plugin.Plugin{})
	// Totals follow the migrations that exist; read them rather than pin them.
	var stats struct {
		MigrationsApplied int `json:"migrations_applied"`
	}
	admin := testkit.Staff(t, app, "chefe", domain.RoleAdmin)
	resp, err := testkit.StaffGet(admin, app.URL+"/api/v1/admin/stats")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.NewDecoder(resp.Body).Decode(&stats); err != nil || stats.MigrationsApplied < 8 {
		t.Fatalf("stats: %v %+v", err, stats)
	}
	resp.Body.Close()
	total := strconv.Itoa(stats.MigrationsApplied)

	scenarios := []scenario{
		{name: "meta", path: "/api/v1/meta", wantStatus: 200, wantType: "application/json",
			wantBody: []string{`"product":"social"`, `"mode":"development"`, `"plugins":[]`, `"disabled_plugins":[]`}},
		{name: "unknown API path is a problem, never the SPA", path: "/api/v1/nothing-here", wantStatus: 404,
			wantType: "application/problem+json", wantBody: []string{`"code":"not_found"`, `"detail":"Não encontrado."`, `"request_id":"`}},
		{name: "unknown method on an operation", method: http.MethodDelete, path: "/api/v1/meta", wantStatus: 405,
			wantType: "application/problem+json", wantHeader: map[string]string{"Allow": "GET"}, wantBody: []string{`"code":"method_not_allowed"`}},
		{name: "openapi document", path: "/api/openapi.json", wantStatus: 200,
			wantBody: []string{`"openapi":"3.1.0"`, `"/api/v1/meta"`, `"operationId":"get-meta"`}},
		// A long JSON read goes gzipped to a client that asks. Go's client
		// asks on its own and hides the encoding; asked here by name, the
		// answer shows it.
		{name: "openapi document, compressed", path: "/api/openapi.json", header: map[string]string{"Accept-Encoding": "gzip"},
			wantStatus: 200, wantHeader: map[string]string{"Content-Encoding": "gzip"}},
		{name: "health", path: "/healthz", wantStatus: 200, wantBody: []string{`"status":"ok"`}},
		{name: "ready", path: "/readyz", wantStatus: 200, wantBody: []string{`"database":"ok"`, `"jobs":"ok"`}},
		{name: "docs redirect", path: "/api/docs", wantStatus: 301, wantHeader: map[string]string{"Location": "/api/docs/"}},
		{name: "admin redirect", path: "/admin", wantStatus: 301, wantHeader: map[string]string{"Location": "/admin/"}},
		{name: "a frontend refuses writes", method: http.MethodPost, path: "/", wantStatus: 405,
			wantType: "application/problem+json", wantHeader: map[string]string{"Allow": "GET, HEAD"}},
		{name: "stats", path: "/api/v1/admin/stats", wantStatus: 200,
			// The queue's counts, not a quiet queue: the workers may not
			// have taken the jobs the staff member's sign-up queued yet.
			wantBody: []string{`"plugins_enabled":0`, `"migrations_applied":`, `"database_size_bytes":`, `"jobs":{"available":`, `"discarded":0`}},
		{name: "migrations list with simple-rest headers", path: `/api/v1/admin/migrations?sort=["id","ASC"]&range=[0,1]&filter={}`,
			wantStatus: 200, wantHeader: map[string]string{"Content-Range": "migrations 0-1/" + total},
			wantBody: []string{`"id":"core:20261122000001_extensions"`, `"set":"core"`, `"applied":true`}},
		{name: "migrations sorted descending, filtered", path: `/api/v1/admin/migrations?sort=["name","DESC"]&filter={"set":"river"}`,
			wantStatus: 200, wantHeader: map[string]string{"Content-Range": "migrations 0-6/7"}, wantBody: []string{`[{"id":"river:007_`}},
		{name: "migrations text search", path: `/api/v1/admin/migrations?filter={"q":"EXTENSIONS"}`,
			wantStatus: 200, wantHeader: map[string]string{"Content-Range": "migrations 0-0/1"}},
		{name: "range past the end", path: `/api/v1/admin/migrations?range=[500,524]`,
			wantStatus: 200, wantHeader: map[string]string{"Content-Range": "migrations */" + total}, wantBody: []string{`[]`}},
		{name: "one migration, id with a colon", path: "/api/v1/admin/migrations/core%3A20261122000001_extensions",
			wantStatus: 200, wantBody: []string{`"name":"20261122000001_extensions"`, `"migrated_at":"`}},
		{name: "missing migration", path: "/api/v1/admin/migrations/core:nope", wantStatus: 404,
			wantType: "application/problem+json", wantBody: []string{`"code":"not_found"`}},
		{name: "bad list query", path: `/api/v1/admin/migrations?range=oops`, wantStatus: 422,
			wantType: "application/problem+json", wantBody: []string{`"code":"invalid_list_query"`, `"title":"Dados inválidos"`}},
		{name: "plugins list is empty", path: "/api/v1/admin/plugins", wantStatus: 200,
			wantHeader: map[string]string{"Content-Range": "plugins */0"}, wantBody: []string{`[]`}},
		{name: "job dashboard behind the admin gate", path: "/admin/jobs/", wantStatus: 200, wantType: "text/html"},
	}
	for _, s := range scenarios {
		if strings.HasPrefix(s.path, "/api/v1/admin/") || strings.HasPrefix(s.path, "/admin/jobs") {
			s.header = map[string]string{"Authorization": "Bearer " + admin}
		}
		t.Run(s.name, func(t *testing.T) {
			resp, _ := s.run(t, app.URL)
			for _, h := range securityHeaders {
				if resp.Header.Get(h) == "" {
					t.Errorf("answer lacks %s", h)
				}
			}
		})
	}
}

// Pictures and sound come from this server only, plus the media store's
// origin when its links point at another (an S3 service): no other site
// learns who looks at what. The header is checked whole, as served.
func TestContentSecurityPolicy(t *testing.T) {
	t.Parallel()
	const rest = "font-src 'self' data:; connect-src 'self'; worker-src 'self'; manifest-src 'self'; " +
		"frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'"
	served := func(t *testing.T, cfg *config.Config) string {
		t.Helper()
		app := testkit.StartApp(t, cfg, nil)
		resp, _ := scenario{path: "/api/v1/nope", wantStatus: 404}.run(t, app.URL)
		return resp.Header.Get("Content-Security-Policy")
	}
	t.Run("disk", func(t *testing.T) {
		t.Parallel()
		// Radio stations (rooms) and the chart's preview clips (trending)
		// play from their own hosts, so media-src admits https: (once);
		// images do not.
		want := "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
			"img-src 'self' data: blob:; media-src 'self' blob: https:; " + rest
		if got := served(t, nil); got != want {
			t.Errorf("Content-Security-Policy:\n got %s\nwant %s", got, want)
		}
	})
	t.Run("s3", func(t *testing.T) {
		t.Parallel()
		srv := storagetest.FakeS3(t, "media")
		cfg := testkit.Config(testkit.NewDatabase(t))
		cfg.Storage.Driver = "s3"
		cfg.Storage.S3.Endpoint = srv.URL
		cfg.Storage.S3.Bucket = "media"
		cfg.Storage.S3.AccessKey, cfg.Storage.S3.SecretKey = "key", "secret"
		want := "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
			"img-src 'self' data: blob: " + srv.URL + "; media-src 'self' blob: " + srv.URL + " https:; " + rest
		if got := served(t, cfg); got != want {
			t.Errorf("Content-Security-Policy:\n got %s\nwant %s", got, want)
		}
	})
}

func TestRequestIDs(t *testing.T) {
	t.Parallel()
	app := testkit.StartApp(t, nil, nil)

	resp, body := scenario{path: "/api/v1/nope", header: map[string]string{"X-Request-ID": "lb-1234.abc"}, wantStatus: 404}.run(t, app.URL)
	if resp.Header.Get("X-Request-Id") != "lb-1234.abc" || !strings.Contains(body, `"request_id":"lb-1234.abc"`) {
		t.Fatalf("a sane incoming request ID must be kept: header %q body %s", resp.Header.Get("X-Request-Id"), body)
	}
	resp, body = scenario{path: "/api/v1/nope", header: map[string]string{"X-Request-ID": "<script>alert(1)</script>"}, wantStatus: 404}.run(t, app.URL)
	id := resp.Header.Get("X-Request-Id")
	if id == "" || strings.ContainsAny(id, "<>()") || !strings.Contains(body, `"request_id":"`+id+`"`) {
		t.Fatalf("an unsafe request ID must be replaced: header %q body %s", id, body)
	}
}

func TestAdminAccessNeedsStaff(t *testing.T) {
	t.Parallel()
	// admin.open_access (on in tests, as in development) opens the mail
	// outbox and nothing else.
	app := testkit.StartApp(t, nil, []plugin.Plugin{})
	member := testkit.Staff(t, app, "membro", domain.RoleMember)
	moderator := testkit.Staff(t, app, "moderador", domain.RoleModerator)
	admin := testkit.Staff(t, app, "chefe", domain.RoleAdmin)
	problem := func(path, token string, wantStatus int, wantCode string) {
		t.Helper()
		h := map[string]string{}
		if token != "" {
			h["Authorization"] = "Bearer " + token
		}
		_, body := scenario{path: path, header: h, wantStatus: wantStatus, wantType: "application/problem+json"}.run(t, app.URL)
		var p struct{ Code string }
		if err := json.Unmarshal([]byte(body), &p); err != nil || p.Code != wantCode {
			t.Errorf("%s: problem = %s", path, body)
		}
	}
	for _, path := range []string{"/api/v1/admin/stats", "/api/v1/admin/migrations", "/api/v1/admin/plugins/x", "/admin/jobs/", "/admin/jobs/api/jobs"} {
		problem(path, "", 401, "unauthenticated")
		problem(path, member, 403, "admin_access_closed")
	}
	for _, path := range []string{"/api/v1/admin/migrations", "/admin/jobs/", "/admin/jobs/api/jobs"} {
		problem(path, moderator, 403, "admins_only")
	}
	scenario{path: "/api/v1/admin/stats", header: map[string]string{"Authorization": "Bearer " + moderator}, wantStatus: 200}.run(t, app.URL)
	// The console hands its token to the job dashboard in a cookie for
	// that path only; the same cookie opens no API operation.
	cookie := map[string]string{"Cookie": "social_console=" + admin}
	scenario{path: "/admin/jobs/", header: cookie, wantStatus: 200, wantType: "text/html"}.run(t, app.URL)
	scenario{path: "/api/v1/admin/stats", header: cookie, wantStatus: 401}.run(t, app.URL)
	scenario{path: "/admin/jobs/", header: map[string]string{"Cookie": "social_console=" + member}, wantStatus: 403}.run(t, app.URL)
	// The dev outbox answers without a session; closed, it needs an admin.
	scenario{path: "/api/v1/admin/mail", wantStatus: 200}.run(t, app.URL)
	// The console itself loads; it shows the refusal from the API.
	scenario{path: "/admin/", wantStatus: 503}.run(t, app.URL)
}

func TestFrontendsWithoutEmbeddedBuild(t *testing.T) {
	t.Parallel()
	app := testkit.StartApp(t, nil, nil)
	// `go test` builds without the embedui tag: the frontends say how to get them.
	for _, path := range []string{"/", "/profile/maria", "/admin/", "/api/docs/"} {
		scenario{path: path, wantStatus: 503, wantBody: []string{"make build"}}.run(t, app.URL)
	}
}
