package httpapi_test

import (
	"net/http"
	"net/url"
	"testing"

	at "social/tests/testkit/apptest"
)

// A page on another origin that makes the member's browser POST to the API
// (the refresh cookie rides along when the origin is of the same site) is
// refused before any handler runs: the session is neither rotated nor ended.
func TestCrossOriginWritesAreRefused(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	app.Member("rita")
	pub, err := url.Parse(app.Config.HTTP.PublicURL)
	if err != nil {
		t.Fatal(err)
	}
	own := pub.Scheme + "://" + pub.Host
	spa := app.Client()
	spa.Do(http.MethodPost, signInPath, map[string]string{"email": "rita@example.com", "password": at.Password, "token_transport": "cookie"},
		"Origin", own).Expect(t, http.StatusOK)
	cookie := spa.Cookie()

	for _, origin := range []string{"https://evil.example", "http://" + pub.Hostname() + ":1", "https://" + pub.Host, "null"} {
		for _, path := range []string{refreshPath, signOutPath, signInPath} {
			var body any
			if path == signInPath {
				body = map[string]string{"email": "rita@example.com", "password": at.Password, "token_transport": "cookie"}
			}
			r := spa.Do(http.MethodPost, path, body, "Origin", origin)
			p := r.Expect(t, http.StatusForbidden).Problem(t)
			if p.Code != "origin_not_allowed" || p.Detail != "Origem não permitida." {
				t.Fatalf("%s from %s: problem %+v", path, origin, p)
			}
			if sc := r.Header.Get("Set-Cookie"); sc != "" {
				t.Fatalf("%s from %s touched the cookie: %q", path, origin, sc)
			}
		}
	}
	if spa.Cookie() != cookie {
		t.Fatal("a refused request changed the cookie")
	}
	// The session is intact: the page's own origin (or a client that sends no
	// Origin at all) still refreshes it.
	spa.Do(http.MethodPost, refreshPath, nil, "Origin", own).Expect(t, http.StatusOK)
	spa.Do(http.MethodPost, refreshPath, nil).Expect(t, http.StatusOK)
	// Reading is not a write: a foreign Origin on a GET is answered (without
	// any CORS permission, so the foreign page cannot read it).
	r := app.Client().Do(http.MethodGet, "/api/v1/profiles/rita", nil, "Origin", "https://evil.example").Expect(t, http.StatusOK)
	if v := r.Header.Get("Access-Control-Allow-Origin"); v != "" {
		t.Fatalf("Access-Control-Allow-Origin = %q", v)
	}
}
