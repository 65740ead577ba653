package apptest

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// appRedirect is where the test app's authorizations return.
const appRedirect = "https://app.example/callback"

// AppClient is a client acting for m through an OAuth app's access token
// carrying scopes (space-separated), obtained as an app does: the app
// registers, the member approves ("Autorizar"), the app exchanges the code.
func (m *Member) AppClient(t testing.TB, scopes string) *Client {
	t.Helper()
	var app struct {
		ClientID     string `json:"client_id"`
		ClientSecret string `json:"client_secret"`
	}
	FormPost(m.App.Client(), "/api/v1/apps", url.Values{"client_name": {"App de Teste"},
		"redirect_uris": {appRedirect}, "scopes": {scopes}}).Expect(t, http.StatusOK).JSON(t, &app)
	var decision struct {
		RedirectTo *string `json:"redirect_to"`
	}
	m.Do(http.MethodPost, "/api/v1/oauth/authorization", map[string]string{"response_type": "code",
		"client_id": app.ClientID, "redirect_uri": appRedirect, "scope": scopes}).Expect(t, http.StatusOK).JSON(t, &decision)
	if decision.RedirectTo == nil {
		t.Fatal("the authorization answered no redirect")
	}
	back, err := url.Parse(*decision.RedirectTo)
	if err != nil {
		t.Fatal(err)
	}
	var tok struct {
		AccessToken string `json:"access_token"`
	}
	FormPost(m.App.Client(), "/oauth/token", url.Values{"grant_type": {"authorization_code"}, "client_id": {app.ClientID},
		"client_secret": {app.ClientSecret}, "code": {back.Query().Get("code")}, "redirect_uri": {appRedirect}}).
		Expect(t, http.StatusOK).JSON(t, &tok)
	c := m.App.Client()
	c.Token = tok.AccessToken
	return c
}

// FormPost posts v form-encoded, as OAuth clients and many Mastodon apps do.
func FormPost(c *Client, path string, v url.Values, header ...string) *Response {
	return c.Do(http.MethodPost, path, strings.NewReader(v.Encode()),
		append([]string{"Content-Type", "application/x-www-form-urlencoded"}, header...)...)
}
