package httpapi_test

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"social/config"
	at "social/tests/testkit/apptest"
)

// RFC 7636 Appendix B: this verifier's S256 challenge.
const (
	rfcVerifier  = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"
	rfcChallenge = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"
	appRedirect  = "https://app.example/callback?from=social"
)

type oauthApp struct {
	ID           string   `json:"id"`
	Name         string   `json:"name"`
	Website      *string  `json:"website"`
	Scopes       []string `json:"scopes"`
	RedirectURI  string   `json:"redirect_uri"`
	RedirectURIs []string `json:"redirect_uris"`
	ClientID     string   `json:"client_id"`
	ClientSecret string   `json:"client_secret"`
}

type oauthToken struct {
	AccessToken  string `json:"access_token"`
	TokenType    string `json:"token_type"`
	Scope        string `json:"scope"`
	CreatedAt    int64  `json:"created_at"`
	ExpiresIn    int64  `json:"expires_in"`
	RefreshToken string `json:"refresh_token"`
}

type oauthError struct {
	Error       string `json:"error"`
	Description string `json:"error_description"`
}

func form(v url.Values) (*strings.Reader, string, string) {
	return strings.NewReader(v.Encode()), "Content-Type", "application/x-www-form-urlencoded"
}

func postForm(c *at.Client, path string, v url.Values, header ...string) *at.Response {
	body, k, ct := form(v)
	return c.Do(http.MethodPost, path, body, append([]string{k, ct}, header...)...)
}

func registerApp(t *testing.T, app *at.App, scopes string) oauthApp {
	t.Helper()
	var a oauthApp
	postForm(app.Client(), "/api/v1/apps", url.Values{"client_name": {"Leitor de Teste"}, "website": {"https://app.example"},
		"redirect_uris": {appRedirect + " urn:ietf:wg:oauth:2.0:oob"}, "scopes": {scopes}}).Expect(t, http.StatusOK).JSON(t, &a)
	return a
}

type decision struct {
	RedirectTo *string `json:"redirect_to"`
	Code       *string `json:"code"`
}

// approve is the member's "Autorizar"; it answers the code the app's
// redirect carries.
func approve(t *testing.T, m *at.Member, a oauthApp, extra map[string]string) string {
	t.Helper()
	body := map[string]string{"response_type": "code", "client_id": a.ClientID, "redirect_uri": appRedirect, "state": "xyz"}
	for k, v := range extra {
		body[k] = v
	}
	var d decision
	m.Do(http.MethodPost, "/api/v1/oauth/authorization", body).Expect(t, http.StatusOK).JSON(t, &d)
	if d.RedirectTo == nil || d.Code != nil {
		t.Fatalf("decision: %+v", d)
	}
	u, err := url.Parse(*d.RedirectTo)
	if err != nil || u.Host != "app.example" || u.Query().Get("state") != "xyz" || u.Query().Get("from") != "social" {
		t.Fatalf("redirect %q", *d.RedirectTo)
	}
	return u.Query().Get("code")
}

func exchange(t *testing.T, app *at.App, a oauthApp, code, verifier string) *at.Response {
	t.Helper()
	v := url.Values{"grant_type": {"authorization_code"}, "client_id": {a.ClientID}, "client_secret": {a.ClientSecret},
		"code": {code}, "redirect_uri": {appRedirect}}
	if verifier != "" {
		v.Set("code_verifier", verifier)
	}
	return postForm(app.Client(), "/oauth/token", v)
}

func wantOAuthError(t *testing.T, r *at.Response, status int, code string) {
	t.Helper()
	var e oauthError
	r.Expect(t, status).JSON(t, &e)
	if e.Error != code || e.Description == "" {
		t.Fatalf("want %s with a description, got %+v", code, e)
	}
}

func appClient(app *at.App, token string) *at.Client {
	c := app.Client()
	c.Token = token
	return c
}

type credentialAccount struct {
	ID       string `json:"id"`
	Username string `json:"username"`
	Acct     string `json:"acct"`
	Source   struct {
		Privacy string `json:"privacy"`
	} `json:"source"`
}

// The authorization-code grant with PKCE (RFC 7636's test vector): the
// code is single-use, bound to its redirect URI and verifier; the token
// acts for the member within its scopes; refresh rotates; revoke ends it.
func TestOAuthAuthorizationCodeWithPKCE(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	m := app.Member("lia")
	a := registerApp(t, app, "read write follow")
	if a.ClientID == "" || a.ClientSecret == "" || len(a.RedirectURIs) != 2 || a.Name != "Leitor de Teste" {
		t.Fatalf("registered app: %+v", a)
	}

	code := approve(t, m, a, map[string]string{"scope": "read:accounts write:statuses", "code_challenge": rfcChallenge,
		"code_challenge_method": "S256"})
	wantOAuthError(t, exchange(t, app, a, code, ""), http.StatusBadRequest, "invalid_grant")
	wantOAuthError(t, exchange(t, app, a, code, "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXX"), http.StatusBadRequest, "invalid_grant")
	bad := url.Values{"grant_type": {"authorization_code"}, "client_id": {a.ClientID}, "client_secret": {a.ClientSecret},
		"code": {code}, "redirect_uri": {"urn:ietf:wg:oauth:2.0:oob"}, "code_verifier": {rfcVerifier}}
	wantOAuthError(t, postForm(app.Client(), "/oauth/token", bad), http.StatusBadRequest, "invalid_grant")

	var tok oauthToken
	exchange(t, app, a, code, rfcVerifier).Expect(t, http.StatusOK).JSON(t, &tok)
	if tok.TokenType != "Bearer" || tok.Scope != "read:accounts write:statuses" || tok.RefreshToken == "" || tok.ExpiresIn <= 0 {
		t.Fatalf("token: %+v", tok)
	}
	appClient(app, tok.AccessToken).Do(http.MethodGet, "/api/v1/accounts/verify_credentials", nil).Expect(t, http.StatusOK)
	// The code is single-use; presenting it again ends what it gave.
	wantOAuthError(t, exchange(t, app, a, code, rfcVerifier), http.StatusBadRequest, "invalid_grant")
	appClient(app, tok.AccessToken).Do(http.MethodGet, "/api/v1/accounts/verify_credentials", nil).Expect(t, http.StatusUnauthorized)

	// A fresh authorization, without PKCE, through JSON and HTTP Basic.
	code = approve(t, m, a, map[string]string{"scope": "read:accounts"})
	req := map[string]string{"grant_type": "authorization_code", "code": code, "redirect_uri": appRedirect}
	app.Client().Do(http.MethodPost, "/oauth/token", req, "Authorization", "Basic "+basic(a.ClientID, a.ClientSecret)).
		Expect(t, http.StatusOK).JSON(t, &tok)

	var acct credentialAccount
	appClient(app, tok.AccessToken).Do(http.MethodGet, "/api/v1/accounts/verify_credentials", nil).Expect(t, http.StatusOK).JSON(t, &acct)
	if acct.ID != m.ID || acct.Username != "lia" || acct.Acct != "lia" || acct.Source.Privacy != "public" {
		t.Fatalf("account: %+v", acct)
	}
	// Our own operations are not opened to apps: the token is nobody there.
	appClient(app, tok.AccessToken).Do(http.MethodGet, sessionsPath, nil).Expect(t, http.StatusUnauthorized)
	appClient(app, tok.AccessToken).Do(http.MethodGet, "/api/v1/oauth/connected-apps", nil).Expect(t, http.StatusUnauthorized)
	// The member's own session is not limited by scopes.
	m.Do(http.MethodGet, "/api/v1/accounts/verify_credentials", nil).Expect(t, http.StatusOK)

	var self oauthApp
	appClient(app, tok.AccessToken).Do(http.MethodGet, "/api/v1/apps/verify_credentials", nil).Expect(t, http.StatusOK).JSON(t, &self)
	if self.Name != a.Name || self.ClientSecret != "" || self.ID != a.ID {
		t.Fatalf("app credentials: %+v", self)
	}

	// Refresh rotates: the old refresh token and access token end.
	var next oauthToken
	postForm(app.Client(), "/oauth/token", url.Values{"grant_type": {"refresh_token"}, "refresh_token": {tok.RefreshToken},
		"client_id": {a.ClientID}, "client_secret": {a.ClientSecret}}).Expect(t, http.StatusOK).JSON(t, &next)
	if next.AccessToken == tok.AccessToken || next.RefreshToken == tok.RefreshToken || next.Scope != "read:accounts" {
		t.Fatalf("refreshed: %+v", next)
	}
	appClient(app, tok.AccessToken).Do(http.MethodGet, "/api/v1/accounts/verify_credentials", nil).Expect(t, http.StatusUnauthorized)
	wantOAuthError(t, postForm(app.Client(), "/oauth/token", url.Values{"grant_type": {"refresh_token"},
		"refresh_token": {tok.RefreshToken}, "client_id": {a.ClientID}, "client_secret": {a.ClientSecret}}), http.StatusBadRequest, "invalid_grant")
	appClient(app, next.AccessToken).Do(http.MethodGet, "/api/v1/accounts/verify_credentials", nil).Expect(t, http.StatusOK)

	// Revocation (RFC 7009): 200 for the token, and for one never issued.
	revoke := func(token string) {
		postForm(app.Client(), "/oauth/revoke", url.Values{"token": {token}, "client_id": {a.ClientID},
			"client_secret": {a.ClientSecret}}).Expect(t, http.StatusOK)
	}
	revoke("never-issued")
	revoke(next.AccessToken)
	appClient(app, next.AccessToken).Do(http.MethodGet, "/api/v1/accounts/verify_credentials", nil).Expect(t, http.StatusUnauthorized)
	wantOAuthError(t, postForm(app.Client(), "/oauth/revoke", url.Values{"token": {"x"}, "client_id": {a.ClientID},
		"client_secret": {"wrong"}}), http.StatusUnauthorized, "invalid_client")

	// Nothing in the database is a token, a code or a secret in plaintext.
	var plain int
	if err := app.DB.NewRaw(`SELECT count(*) FROM oauth_tokens t, oauth_apps a WHERE encode(t.token_hash, 'escape') = ?
		OR encode(t.refresh_hash, 'escape') = ? OR encode(a.secret_hash, 'escape') = ?`,
		next.AccessToken, next.RefreshToken, a.ClientSecret).Scan(t.Context(), &plain); err != nil || plain != 0 {
		t.Fatalf("plaintext rows: %d %v", plain, err)
	}
}

func basic(id, secret string) string {
	req, _ := http.NewRequest(http.MethodGet, "/", nil)
	req.SetBasicAuth(url.QueryEscape(id), url.QueryEscape(secret))
	return strings.TrimPrefix(req.Header.Get("Authorization"), "Basic ")
}

// A token reaches an operation only with one of the scopes it names; the
// scopes asked must be within the app's.
func TestOAuthScopes(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	m := app.Member("caio")
	a := registerApp(t, app, "read:statuses profile write")

	// More than the app registered: refused before any code exists.
	for _, scope := range []string{"read", "read:accounts", "follow", "admin:read", "escrever"} {
		r := m.Do(http.MethodGet, "/api/v1/oauth/authorization?"+url.Values{"response_type": {"code"}, "client_id": {a.ClientID},
			"redirect_uri": {appRedirect}, "scope": {scope}}.Encode(), nil)
		at.ExpectProblem(t, r, http.StatusUnprocessableEntity, "oauth_scope_invalid", "")
	}
	var view struct {
		App struct {
			Name    string  `json:"name"`
			Website *string `json:"website"`
		} `json:"app"`
		Scopes []string `json:"scopes"`
		OOB    bool     `json:"oob"`
	}
	m.Do(http.MethodGet, "/api/v1/oauth/authorization?"+url.Values{"response_type": {"code"}, "client_id": {a.ClientID},
		"redirect_uri": {appRedirect}, "scope": {"read:statuses write:media"}}.Encode(), nil).Expect(t, http.StatusOK).JSON(t, &view)
	if view.App.Name != a.Name || view.App.Website == nil || strings.Join(view.Scopes, " ") != "read:statuses write:media" || view.OOB {
		t.Fatalf("consent view: %+v", view)
	}

	code := approve(t, m, a, map[string]string{"scope": "read:statuses"})
	var tok oauthToken
	exchange(t, app, a, code, "").Expect(t, http.StatusOK).JSON(t, &tok)
	// The Mastodon client API answers Mastodon's error shape.
	var refused struct{ Error, Code string }
	appClient(app, tok.AccessToken).Do(http.MethodGet, "/api/v1/accounts/verify_credentials", nil).
		Expect(t, http.StatusForbidden).JSON(t, &refused)
	if refused.Code != "insufficient_scope" || refused.Error == "" {
		t.Fatalf("refusal: %+v", refused)
	}

	code = approve(t, m, a, map[string]string{"scope": "profile"})
	exchange(t, app, a, code, "").Expect(t, http.StatusOK).JSON(t, &tok)
	appClient(app, tok.AccessToken).Do(http.MethodGet, "/api/v1/accounts/verify_credentials", nil).Expect(t, http.StatusOK)

	// Client credentials: the app alone, within its scopes, no refresh.
	wantOAuthError(t, postForm(app.Client(), "/oauth/token", url.Values{"grant_type": {"client_credentials"},
		"client_id": {a.ClientID}, "client_secret": {a.ClientSecret}, "scope": {"read"}}), http.StatusBadRequest, "invalid_scope")
	var cc oauthToken
	postForm(app.Client(), "/oauth/token", url.Values{"grant_type": {"client_credentials"}, "client_id": {a.ClientID},
		"client_secret": {a.ClientSecret}, "scope": {"profile"}}).Expect(t, http.StatusOK).JSON(t, &cc)
	if cc.RefreshToken != "" || cc.Scope != "profile" {
		t.Fatalf("client credentials: %+v", cc)
	}
	appClient(app, cc.AccessToken).Do(http.MethodGet, "/api/v1/apps/verify_credentials", nil).Expect(t, http.StatusOK)
	appClient(app, cc.AccessToken).Do(http.MethodGet, "/api/v1/accounts/verify_credentials", nil).Expect(t, http.StatusUnauthorized)
	wantOAuthError(t, postForm(app.Client(), "/oauth/token", url.Values{"grant_type": {"password"}, "client_id": {a.ClientID},
		"client_secret": {a.ClientSecret}}), http.StatusBadRequest, "unsupported_grant_type")
}

// Refusals of the authorization request: unknown client, unregistered
// redirect (never redirected to), bad PKCE; deny sends access_denied.
func TestOAuthAuthorizationRefusals(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	m := app.Member("duda")
	a := registerApp(t, app, "read")
	q := func(kv ...string) string {
		v := url.Values{"response_type": {"code"}, "client_id": {a.ClientID}, "redirect_uri": {appRedirect}}
		for i := 0; i+1 < len(kv); i += 2 {
			v.Set(kv[i], kv[i+1])
		}
		return "/api/v1/oauth/authorization?" + v.Encode()
	}
	at.ExpectProblem(t, m.Do(http.MethodGet, q("client_id", "nope"), nil), http.StatusNotFound, "oauth_client_unknown", "")
	at.ExpectProblem(t, m.Do(http.MethodGet, q("redirect_uri", "https://evil.example/cb"), nil), http.StatusUnprocessableEntity, "oauth_redirect_uri_invalid", "")
	at.ExpectProblem(t, m.Do(http.MethodGet, q("response_type", "token"), nil), http.StatusUnprocessableEntity, "oauth_response_type_unsupported", "")
	at.ExpectProblem(t, m.Do(http.MethodGet, q("code_challenge", "short", "code_challenge_method", "S256"), nil), http.StatusUnprocessableEntity, "oauth_challenge_invalid", "")
	app.Client().Do(http.MethodGet, q(), nil).Expect(t, http.StatusUnauthorized)

	var d decision
	m.Do(http.MethodPost, "/api/v1/oauth/authorization/deny", map[string]string{"response_type": "code", "client_id": a.ClientID,
		"redirect_uri": appRedirect, "state": "s1"}).Expect(t, http.StatusOK).JSON(t, &d)
	if d.RedirectTo == nil || !strings.Contains(*d.RedirectTo, "error=access_denied") || !strings.Contains(*d.RedirectTo, "state=s1") {
		t.Fatalf("deny: %+v", d)
	}
	r := m.Do(http.MethodPost, "/api/v1/oauth/authorization/deny", map[string]string{"response_type": "code", "client_id": a.ClientID,
		"redirect_uri": "https://evil.example/cb"})
	at.ExpectProblem(t, r, http.StatusUnprocessableEntity, "oauth_redirect_uri_invalid", "")

	// OOB: the code comes back to be shown, not redirected.
	m.Do(http.MethodPost, "/api/v1/oauth/authorization", map[string]string{"response_type": "code", "client_id": a.ClientID,
		"redirect_uri": "urn:ietf:wg:oauth:2.0:oob"}).Expect(t, http.StatusOK).JSON(t, &d)
	if d.Code == nil || d.RedirectTo != nil {
		t.Fatalf("oob: %+v", d)
	}
	var tok oauthToken
	postForm(app.Client(), "/oauth/token", url.Values{"grant_type": {"authorization_code"}, "client_id": {a.ClientID},
		"client_secret": {a.ClientSecret}, "code": {*d.Code}, "redirect_uri": {"urn:ietf:wg:oauth:2.0:oob"}}).Expect(t, http.StatusOK).JSON(t, &tok)

	// Registration refusals in Mastodon's shape.
	for _, bad := range []url.Values{
		{"client_name": {""}, "redirect_uris": {appRedirect}},
		{"client_name": {"x"}, "redirect_uris": {"javascript:alert(1)"}},
		{"client_name": {"x"}, "redirect_uris": {"/relative"}},
		{"client_name": {"x"}, "redirect_uris": {"https://app.example/cb#frag"}},
		{"client_name": {"x"}, "redirect_uris": {appRedirect}, "website": {"ftp://x"}},
	} {
		var e oauthError
		postForm(app.Client(), "/api/v1/apps", bad).Expect(t, http.StatusUnprocessableEntity).JSON(t, &e)
		if e.Error == "" {
			t.Fatalf("%v: %+v", bad, e)
		}
	}
	wantOAuthError(t, postForm(app.Client(), "/api/v1/apps", url.Values{"client_name": {"x"}, "redirect_uris": {appRedirect},
		"scopes": {"read admin:write"}}), http.StatusBadRequest, "invalid_scope")
	// JSON with an array of redirect URIs.
	var j oauthApp
	app.Client().Do(http.MethodPost, "/api/v1/apps", map[string]any{"client_name": "JSON", "redirect_uris": []string{appRedirect, "tusky://oauth"}}).
		Expect(t, http.StatusOK).JSON(t, &j)
	if len(j.RedirectURIs) != 2 || strings.Join(j.Scopes, " ") != "read" {
		t.Fatalf("json app: %+v", j)
	}
}

// A code and a token end with time; suspension and a member's revoke end
// tokens at once, on every node.
func TestOAuthTokensEnd(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	m := app.Member("enzo")
	mod := app.Staff("moderadora", "moderator")
	a := registerApp(t, app, "read")

	code := approve(t, m, a, nil)
	app.Clock.Advance(11 * time.Minute)
	wantOAuthError(t, exchange(t, app, a, code, ""), http.StatusBadRequest, "invalid_grant")

	token := func() oauthToken {
		var tok oauthToken
		exchange(t, app, a, approve(t, m, a, nil), "").Expect(t, http.StatusOK).JSON(t, &tok)
		return tok
	}
	other := app.AnotherNode()

	// The connected apps list and the member's "Revogar".
	// Each token is used on the other node first, so that a node that
	// remembers it must forget it when it ends.
	tok := token()
	appClient(app, tok.AccessToken).Do(http.MethodGet, "/api/v1/accounts/verify_credentials", nil).Expect(t, http.StatusOK)
	appClient(other, tok.AccessToken).Do(http.MethodGet, "/api/v1/accounts/verify_credentials", nil).Expect(t, http.StatusOK)
	var list struct {
		Items []struct {
			ID         string     `json:"id"`
			Name       string     `json:"name"`
			Scopes     []string   `json:"scopes"`
			LastUsedAt *time.Time `json:"last_used_at"`
		} `json:"items"`
	}
	m.Do(http.MethodGet, "/api/v1/oauth/connected-apps", nil).Expect(t, http.StatusOK).JSON(t, &list)
	if len(list.Items) != 1 || list.Items[0].ID != a.ID || list.Items[0].LastUsedAt == nil || list.Items[0].Scopes[0] != "read" {
		t.Fatalf("connected apps: %+v", list)
	}
	app.Member("outra").Do(http.MethodDelete, "/api/v1/oauth/connected-apps/"+a.ID, nil).Expect(t, http.StatusNotFound)
	m.Do(http.MethodDelete, "/api/v1/oauth/connected-apps/"+a.ID, nil).Expect(t, http.StatusNoContent)
	appClient(app, tok.AccessToken).Do(http.MethodGet, "/api/v1/accounts/verify_credentials", nil).Expect(t, http.StatusUnauthorized)
	refusedOnceNoticed(t, other, tok.AccessToken)
	wantOAuthError(t, postForm(app.Client(), "/oauth/token", url.Values{"grant_type": {"refresh_token"}, "refresh_token": {tok.RefreshToken},
		"client_id": {a.ClientID}, "client_secret": {a.ClientSecret}}), http.StatusBadRequest, "invalid_grant")
	m.Do(http.MethodDelete, "/api/v1/oauth/connected-apps/"+a.ID, nil).Expect(t, http.StatusNotFound)

	// Suspension ends the tokens, on this node and the other.
	tok = token()
	appClient(other, tok.AccessToken).Do(http.MethodGet, "/api/v1/accounts/verify_credentials", nil).Expect(t, http.StatusOK)
	pending := approve(t, m, a, nil)
	mod.Do(http.MethodPost, "/api/v1/admin/profiles/"+m.ID+"/suspend", map[string]string{"reason": "Spam"}).Expect(t, http.StatusOK)
	refusedOnceNoticed(t, other, tok.AccessToken)
	wantOAuthError(t, postForm(app.Client(), "/oauth/token", url.Values{"grant_type": {"refresh_token"}, "refresh_token": {tok.RefreshToken},
		"client_id": {a.ClientID}, "client_secret": {a.ClientSecret}}), http.StatusBadRequest, "invalid_grant")
	wantOAuthError(t, exchange(t, app, a, pending, ""), http.StatusBadRequest, "invalid_grant")

	// An access token ends after its 90 days.
	n := app.Member("gui")
	var late oauthToken
	exchange(t, app, a, approve(t, n, a, nil), "").Expect(t, http.StatusOK).JSON(t, &late)
	app.Clock.Advance(90*24*time.Hour - time.Second)
	appClient(other, late.AccessToken).Do(http.MethodGet, "/api/v1/accounts/verify_credentials", nil).Expect(t, http.StatusOK)
	app.Clock.Advance(time.Second)
	appClient(other, late.AccessToken).Do(http.MethodGet, "/api/v1/accounts/verify_credentials", nil).Expect(t, http.StatusUnauthorized)
}

// refusedOnceNoticed waits until node refuses an app's token that another
// node ended: a node that remembers the token forgets it when the change's
// notice arrives (the test clock stands still, so nothing else can).
func refusedOnceNoticed(t *testing.T, node *at.App, token string) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for appClient(node, token).Do(http.MethodGet, "/api/v1/accounts/verify_credentials", nil).Status != http.StatusUnauthorized {
		if time.Now().After(deadline) {
			t.Fatal("the other node still admits the token 5 s after it ended")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// With every request logged at debug, no secret, code or token of the
// flow appears in a log line.
func TestOAuthSecretsStayOutOfLogs(t *testing.T) {
	t.Parallel()
	app, logs := at.StartLoggingAll(t)
	m := app.Member("fabi")
	a := registerApp(t, app, "read")
	code := approve(t, m, a, map[string]string{"code_challenge": rfcChallenge, "code_challenge_method": "S256"})
	var tok oauthToken
	exchange(t, app, a, code, rfcVerifier).Expect(t, http.StatusOK).JSON(t, &tok)
	appClient(app, tok.AccessToken).Do(http.MethodGet, "/api/v1/accounts/verify_credentials", nil).Expect(t, http.StatusOK)
	wantOAuthError(t, exchange(t, app, a, code, rfcVerifier), http.StatusBadRequest, "invalid_grant")
	appClient(app, "made-up-token").Do(http.MethodGet, "/api/v1/accounts/verify_credentials", nil).Expect(t, http.StatusUnauthorized)
	postForm(app.Client(), "/oauth/revoke", url.Values{"token": {tok.RefreshToken}, "client_id": {a.ClientID},
		"client_secret": {a.ClientSecret}}).Expect(t, http.StatusOK)
	lines := logs.String()
	if !strings.Contains(lines, "/oauth/token") {
		t.Fatalf("requests were not logged: %.400s", lines)
	}
	for name, secret := range map[string]string{"client secret": a.ClientSecret, "code": code, "verifier": rfcVerifier,
		"access token": tok.AccessToken, "refresh token": tok.RefreshToken, "made-up token": "made-up-token"} {
		if strings.Contains(lines, secret) {
			t.Errorf("the %s is in the log", name)
		}
	}
	var meta struct {
		Issuer        string   `json:"issuer"`
		TokenEndpoint string   `json:"token_endpoint"`
		Scopes        []string `json:"scopes_supported"`
		PKCE          []string `json:"code_challenge_methods_supported"`
	}
	r := app.Client().Do(http.MethodGet, "/.well-known/oauth-authorization-server", nil).Expect(t, http.StatusOK)
	if err := json.Unmarshal(r.Body, &meta); err != nil || meta.TokenEndpoint != strings.TrimRight(app.Config.HTTP.PublicURL, "/")+"/oauth/token" ||
		len(meta.Scopes) != 29 || meta.PKCE[0] != "S256" {
		t.Fatalf("metadata: %+v %v", meta, err)
	}
}

// Registering apps and asking for tokens are limited per client address
// (whatever the outcome): past the limit, 429 with Retry-After and the
// pt-BR text, and nothing is registered or issued; another address is not
// held back.
func TestOAuthRateLimits(t *testing.T) {
	t.Parallel()
	app := at.Start(t, func(c *config.Config) {
		c.Limits.OAuthAppsPerIP = 2
		c.Limits.OAuthTokensPerIP = 2
	})
	c := app.Client()
	reg := url.Values{"client_name": {"Leitor"}, "redirect_uris": {appRedirect}, "scopes": {"read"}}
	var a oauthApp
	postForm(c, "/api/v1/apps", reg).Expect(t, http.StatusOK).JSON(t, &a)
	postForm(c, "/api/v1/apps", reg).Expect(t, http.StatusOK)
	limited := postForm(c, "/api/v1/apps", reg)
	wantOAuthError(t, limited, http.StatusTooManyRequests, "rate_limited")
	if got := limited.Header.Get("Retry-After"); got == "" || got == "0" {
		t.Fatalf("Retry-After = %q", got)
	}
	var e oauthError
	limited.JSON(t, &e)
	if e.Description != "Muitos aplicativos registrados deste endereço. Aguarde 1 hora antes de registrar outro." {
		t.Fatalf("text: %q", e.Description)
	}
	var apps int
	if err := app.DB.NewRaw("SELECT count(*) FROM oauth_apps").Scan(t.Context(), &apps); err != nil || apps != 2 {
		t.Fatalf("apps stored: %d (%v)", apps, err)
	}
	postForm(app.Client(), "/api/v1/apps", reg).Expect(t, http.StatusOK)

	// Tokens: a refused request counts as a granted one does.
	grant := url.Values{"grant_type": {"client_credentials"}, "client_id": {a.ClientID}, "client_secret": {a.ClientSecret}}
	postForm(c, "/oauth/token", grant).Expect(t, http.StatusOK)
	wrong := url.Values{"grant_type": {"client_credentials"}, "client_id": {a.ClientID}, "client_secret": {"errado"}}
	wantOAuthError(t, postForm(c, "/oauth/token", wrong), http.StatusUnauthorized, "invalid_client")
	limited = postForm(c, "/oauth/token", grant)
	wantOAuthError(t, limited, http.StatusTooManyRequests, "rate_limited")
	if got := limited.Header.Get("Retry-After"); got == "" {
		t.Fatal("no Retry-After")
	}
	postForm(app.Client(), "/oauth/token", grant).Expect(t, http.StatusOK)
}
