package http_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/danielgtaylor/huma/v2"
	"go.uber.org/fx"

	"social/kit/httpkit"
	"social/kit/plugin"
	"social/tests/testkit"
)

// failing is a plugin whose operations go wrong in the two ways a handler
// can: a panic and an error without a kind, each carrying internals that
// must stay in the log.
func failing() plugin.Plugin {
	return plugin.Plugin{Name: "failing", Module: fx.Module("failing", fx.Provide(
		plugin.AsRoutes(func() plugin.Routes {
			return plugin.Routes{Plugin: "failing", Register: func(api huma.API) {
				huma.Register(api, huma.Operation{OperationID: "failing-panic", Method: http.MethodGet, Path: "/panic",
					Security: httpkit.Public, Metadata: httpkit.Refuses(nil)},
					func(context.Context, *struct{}) (*struct{}, error) {
						panic("pq: relation \"secret_table\" does not exist at /srv/social/core/app/x.go:42")
					})
				huma.Register(api, huma.Operation{OperationID: "failing-error", Method: http.MethodPost, Path: "/error",
					Security: httpkit.Public, Metadata: httpkit.Refuses(nil)},
					func(context.Context, *struct{}) (*struct{}, error) {
						return nil, errors.New("dial tcp 10.0.0.7:5432: password authentication failed for user \"social\"")
					})
			}}
		}),
	))}
}

// Every answer, a crash included, carries the security headers and says
// nothing about the code, the database or the machine.
func TestErrorsLeakNothingAndKeepTheHeaders(t *testing.T) {
	t.Parallel()
	app := testkit.StartApp(t, nil, []plugin.Plugin{failing()})
	for _, s := range []scenario{
		{name: "panic", path: "/api/v1/failing/panic", wantStatus: 500, wantType: "application/problem+json",
			wantBody: []string{`"code":"internal"`, `"detail":"Erro inesperado. Tente novamente."`}},
		{name: "error without a kind", method: http.MethodPost, path: "/api/v1/failing/error", wantStatus: 500,
			wantType: "application/problem+json", wantBody: []string{`"code":"internal"`}},
		{name: "unknown path", path: "/api/v1/failing/nothing", wantStatus: 404},
		{name: "foreign origin write", method: http.MethodPost, path: "/api/v1/failing/error",
			header: map[string]string{"Origin": "https://evil.example"}, wantStatus: 403,
			wantType: "application/problem+json", wantBody: []string{`"code":"origin_not_allowed"`}},
		{name: "malformed JSON", method: http.MethodPost, path: "/api/v1/auth/sign-in",
			header: map[string]string{"Content-Type": "application/json"}, wantStatus: 400},
	} {
		t.Run(s.name, func(t *testing.T) {
			resp, body := s.run(t, app.URL)
			for _, h := range securityHeaders {
				if resp.Header.Get(h) == "" {
					t.Errorf("answer lacks %s", h)
				}
			}
			for _, leak := range []string{"goroutine", ".go:", "secret_table", "10.0.0.7", "password authentication", "panic", "runtime/"} {
				if strings.Contains(body, leak) {
					t.Errorf("answer leaks %q: %s", leak, body)
				}
			}
		})
	}
}

// No cross-origin permission is ever granted: there are no configured CORS
// origins, so neither a preflight nor a simple request from another site
// gets an Access-Control-Allow-* header, and the preflighted write itself is
// refused.
func TestNoCORSForOtherOrigins(t *testing.T) {
	t.Parallel()
	app := testkit.StartApp(t, nil, []plugin.Plugin{})
	do := func(method, path string, header map[string]string) *http.Response {
		req, err := http.NewRequest(method, app.URL+path, strings.NewReader(""))
		if err != nil {
			t.Fatal(err)
		}
		for k, v := range header {
			req.Header.Set(k, v)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return resp
	}
	evil := map[string]string{"Origin": "https://evil.example", "Access-Control-Request-Method": "POST",
		"Access-Control-Request-Headers": "content-type, authorization"}
	for _, r := range []*http.Response{
		do(http.MethodOptions, "/api/v1/auth/refresh", evil),
		do(http.MethodOptions, "/api/v1/meta", evil),
		do(http.MethodGet, "/api/v1/meta", evil),
		do(http.MethodGet, "/", evil),
	} {
		for k := range r.Header {
			if strings.HasPrefix(strings.ToLower(k), "access-control-allow") {
				t.Errorf("%s %s: %s: %q", r.Request.Method, r.Request.URL.Path, k, r.Header.Get(k))
			}
		}
	}
	if r := do(http.MethodPost, "/api/v1/auth/refresh", evil); r.StatusCode != http.StatusForbidden {
		t.Errorf("cross-origin refresh = %d, want 403", r.StatusCode)
	}
}
