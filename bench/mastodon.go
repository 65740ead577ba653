package bench

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
)

// The Mastodon client API's home timeline, as an app reads it: an OAuth
// app's token (checked against its row on every request) and Mastodon's
// page of 20.
const mastodonPageSize = 20

// mastodonApp is the benchmark's registered OAuth app.
type mastodonApp struct {
	ClientID     string `json:"client_id"`
	ClientSecret string `json:"client_secret"`
}

// mastodonRedirect is where the benchmark app's authorizations return
// (nothing follows it: the code is read from the answer).
const mastodonRedirect = "urn:ietf:wg:oauth:2.0:oob"

// registerMastodonApp registers the app the viewers authorize.
func (c *client) registerMastodonApp(ctx context.Context) (mastodonApp, error) {
	var app mastodonApp
	err := c.Do(ctx, "", http.MethodPost, "/apps", map[string]string{"client_name": "Benchmark",
		"redirect_uris": mastodonRedirect, "scopes": "read"}, &app)
	return app, err
}

// appToken authorizes app for viewer v (the consent screen's "Autorizar",
// then the code's exchange at /oauth/token) and answers the access token.
func (c *client) appToken(ctx context.Context, origin string, app mastodonApp, v viewer) (string, error) {
	var decision struct {
		Code *string `json:"code"`
	}
	if err := c.Do(ctx, v.Token, http.MethodPost, "/oauth/authorization", map[string]string{"response_type": "code",
		"client_id": app.ClientID, "redirect_uri": mastodonRedirect, "scope": "read"}, &decision); err != nil {
		return "", err
	}
	if decision.Code == nil {
		return "", fmt.Errorf("authorization of %s: no code", handle(v.N))
	}
	var tok struct {
		AccessToken string `json:"access_token"`
	}
	form := url.Values{"grant_type": {"authorization_code"}, "client_id": {app.ClientID},
		"client_secret": {app.ClientSecret}, "code": {*decision.Code}, "redirect_uri": {mastodonRedirect}}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, origin+"/oauth/token", strings.NewReader(form.Encode()))
	if err != nil {
		return "", err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("token of %s: status %d", handle(v.N), resp.StatusCode)
	}
	if err := json.NewDecoder(resp.Body).Decode(&tok); err != nil || tok.AccessToken == "" {
		return "", fmt.Errorf("token of %s: %v", handle(v.N), err)
	}
	return tok.AccessToken, nil
}

// appTokenHash is how the server keeps an app token: the floor looks it
// up the same way.
func appTokenHash(token string) []byte {
	sum := sha256.Sum256([]byte(token))
	return sum[:]
}

// sqlAppToken is the check of an app's token on every request it makes.
const sqlAppToken = `SELECT t.id, t.app_id, t.account_id, t.scopes, a.role, t.last_used_at
	FROM oauth_tokens t LEFT JOIN accounts a ON a.id = t.account_id
	WHERE t.token_hash = {app_token} AND t.revoked_at IS NULL AND t.expires_at > now()
		AND (t.account_id IS NULL OR (a.suspended_at IS NULL AND a.deleted_at IS NULL));
`

// sqlMastodonHome is the home timeline's floor: the token's check, then
// the 'Seguindo' page at Mastodon's size (both of its LIMITs).
var sqlMastodonHome = sqlAppToken + strings.ReplaceAll(sqlFollowingPage, "LIMIT 50", fmt.Sprintf("LIMIT %d", mastodonPageSize))
