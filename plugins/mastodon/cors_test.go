package mastodon_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	at "social/tests/testkit/apptest"
)

// Web apps on other sites (Elk, Phanpy) call the client API and OAuth's
// endpoints from the browser: the preflight is answered for any origin,
// answers carry Access-Control-Allow-Origin and expose Link, and a
// cross-site write without a cookie goes through. One with a cookie is
// still refused, and our own API stays closed to other sites.
func TestWebAppsOnOtherSites(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	m := app.Member("lia")
	reader := m.AppClient(t, "read")
	elk := "https://elk.example"

	pre := app.Client().Do(http.MethodOptions, "/api/v1/accounts/verify_credentials", nil, "Origin", elk,
		"Access-Control-Request-Method", "GET", "Access-Control-Request-Headers", "authorization")
	pre.Expect(t, http.StatusNoContent)
	if pre.Header.Get("Access-Control-Allow-Origin") != "*" ||
		!strings.Contains(pre.Header.Get("Access-Control-Allow-Headers"), "Authorization") ||
		pre.Header.Get("Access-Control-Allow-Credentials") != "" {
		t.Fatalf("preflight headers: %v", pre.Header)
	}
	r := reader.Do(http.MethodGet, "/api/v1/accounts/verify_credentials", nil, "Origin", elk).Expect(t, http.StatusOK)
	if r.Header.Get("Access-Control-Allow-Origin") != "*" || !strings.Contains(r.Header.Get("Access-Control-Expose-Headers"), "Link") {
		t.Fatalf("answer headers: %v", r.Header)
	}

	register := url.Values{"client_name": {"Elk"}, "redirect_uris": {elk + "/callback"}, "scopes": {"read"}}
	at.FormPost(app.Client(), "/api/v1/apps", register, "Origin", elk).Expect(t, http.StatusOK)
	// With a cookie, a cross-site write may be riding a member's browser
	// session: refused as everywhere.
	refused := at.FormPost(app.Client(), "/api/v1/apps", register, "Origin", elk, "Cookie", "social_session=1")
	at.ExpectProblem(t, refused, http.StatusForbidden, "origin_not_allowed", "")

	own := app.Client().Do(http.MethodOptions, "/api/v1/auth/sign-in", nil, "Origin", elk, "Access-Control-Request-Method", "POST")
	if own.Header.Get("Access-Control-Allow-Origin") != "" {
		t.Fatalf("our own API answered a preflight from another site: %v", own.Header)
	}
}
