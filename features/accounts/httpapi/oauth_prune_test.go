package httpapi_test

import (
	"net/http"
	"net/url"
	"testing"
	"time"

	"github.com/riverqueue/river"

	accounts "social/features/accounts/app"
	accountsstore "social/features/accounts/pgstore"
	at "social/tests/testkit/apptest"
)

// accounts.prune_oauth deletes what OAuth no longer uses and nothing
// else: codes a day past their expiry, tokens a week past their end (a
// token whose access expired lives on by its refresh token), and apps no
// member authorized, a day old, with nothing left. A pruned token is
// refused as a revoked one is; running the job twice changes nothing more.
func TestPruneOAuth(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	ctx := t.Context()
	m := app.Member("poda_oauth")

	// The job is registered and runs at start; waiting for it leaves the
	// test's own runs alone with the clock.
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		var n int
		if err := app.DB.NewRaw(`SELECT count(*) FROM river_job WHERE kind = 'accounts.prune_oauth' AND state = 'completed'`).
			Scan(ctx, &n); err != nil {
			t.Fatal(err)
		}
		if n > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("accounts.prune_oauth did not run at start")
		}
	}

	worker := &accountsstore.PruneOAuthWorker{Prune: &accounts.PruneOAuth{Store: accountsstore.NewOAuth(app.DB, app.Clock),
		Clock: app.Clock}}
	prune := func() {
		t.Helper()
		for range 2 { // the second run finds nothing more
			if err := worker.Work(ctx, &river.Job[accountsstore.PruneOAuthArgs]{}); err != nil {
				t.Fatal(err)
			}
		}
	}
	rows := func(q string, args ...any) int {
		t.Helper()
		var n int
		if err := app.DB.NewRaw(q, args...).Scan(ctx, &n); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		return n
	}
	codeKept := func(code string) bool {
		return rows(`SELECT count(*) FROM oauth_codes WHERE code_hash = ?`, accounts.HashSecret(code)) == 1
	}
	tokenKept := func(token string) bool {
		return rows(`SELECT count(*) FROM oauth_tokens WHERE token_hash = ?`, accounts.HashSecret(token)) == 1
	}
	appKept := func(a oauthApp) bool {
		return rows(`SELECT count(*) FROM oauth_apps WHERE client_id = ?`, a.ClientID) == 1
	}
	appCredentials := func(a oauthApp) *at.Response {
		return postForm(app.Client(), "/oauth/token", url.Values{"grant_type": {"client_credentials"},
			"client_id": {a.ClientID}, "client_secret": {a.ClientSecret}})
	}
	me := func(token string) *at.Response {
		return appClient(app, token).Do(http.MethodGet, "/api/v1/accounts/verify_credentials", nil)
	}

	// Day 0: an app a member authorizes, a registration nobody uses, and
	// one that only ever takes a token of its own (client credentials).
	used, unused, alone := registerApp(t, app, "read"), registerApp(t, app, "read"), registerApp(t, app, "read")
	var own, live, revoked oauthToken
	appCredentials(alone).Expect(t, http.StatusOK).JSON(t, &own)
	exchange(t, app, used, approve(t, m, used, nil), "").Expect(t, http.StatusOK).JSON(t, &live)
	exchange(t, app, used, approve(t, m, used, nil), "").Expect(t, http.StatusOK).JSON(t, &revoked)
	postForm(app.Client(), "/oauth/revoke", url.Values{"token": {revoked.AccessToken}, "client_id": {used.ClientID},
		"client_secret": {used.ClientSecret}}).Expect(t, http.StatusOK)
	stale := approve(t, m, used, nil)

	// A day and an hour later: the stale code and the unused registration
	// go; a fresh code, the revoked token (within its week) and the apps
	// holding something stay.
	app.Clock.Advance(25 * time.Hour)
	m.Token = m.SignIn(m.Email, at.Password).AccessToken // the session's access token ended meanwhile
	fresh := approve(t, m, used, nil)
	prune()
	if codeKept(stale) || !codeKept(fresh) {
		t.Errorf("codes: the stale one kept %v, the fresh one kept %v", codeKept(stale), codeKept(fresh))
	}
	if appKept(unused) || !appKept(used) || !appKept(alone) {
		t.Errorf("apps: unused %v, authorized %v, with its own token %v", appKept(unused), appKept(used), appKept(alone))
	}
	wantOAuthError(t, appCredentials(unused), http.StatusUnauthorized, "invalid_client")
	if !tokenKept(revoked.AccessToken) || !tokenKept(live.AccessToken) || !tokenKept(own.AccessToken) {
		t.Error("a token within its week went")
	}
	me(revoked.AccessToken).Expect(t, http.StatusUnauthorized)
	me(live.AccessToken).Expect(t, http.StatusOK)

	// A week after the revocation its row goes, and the token is refused
	// exactly as before: the API, a refresh and the app's revocation.
	app.Clock.Advance(7 * 24 * time.Hour)
	prune()
	if tokenKept(revoked.AccessToken) || codeKept(fresh) {
		t.Errorf("kept past their time: revoked token %v, fresh code %v", tokenKept(revoked.AccessToken), codeKept(fresh))
	}
	me(revoked.AccessToken).Expect(t, http.StatusUnauthorized)
	wantOAuthError(t, postForm(app.Client(), "/oauth/token", url.Values{"grant_type": {"refresh_token"},
		"refresh_token": {revoked.RefreshToken}, "client_id": {used.ClientID}, "client_secret": {used.ClientSecret}}),
		http.StatusBadRequest, "invalid_grant")
	postForm(app.Client(), "/oauth/revoke", url.Values{"token": {revoked.AccessToken}, "client_id": {used.ClientID},
		"client_secret": {used.ClientSecret}}).Expect(t, http.StatusOK)
	me(live.AccessToken).Expect(t, http.StatusOK)

	// Day 100: the access tokens expired on day 90. The member's lives on
	// by its refresh token (good for a year) and is kept; the app's own,
	// without one, goes, and with it the app no member ever authorized.
	app.Clock.Advance(92 * 24 * time.Hour)
	prune()
	if !tokenKept(live.AccessToken) {
		t.Fatal("a token whose refresh token is still good went")
	}
	if tokenKept(own.AccessToken) || appKept(alone) {
		t.Errorf("kept: the app's expired token %v, the app %v", tokenKept(own.AccessToken), appKept(alone))
	}
	me(own.AccessToken).Expect(t, http.StatusUnauthorized)
	wantOAuthError(t, appCredentials(alone), http.StatusUnauthorized, "invalid_client")
	var next oauthToken
	postForm(app.Client(), "/oauth/token", url.Values{"grant_type": {"refresh_token"}, "refresh_token": {live.RefreshToken},
		"client_id": {used.ClientID}, "client_secret": {used.ClientSecret}}).Expect(t, http.StatusOK).JSON(t, &next)
	me(next.AccessToken).Expect(t, http.StatusOK)

	// Long after the last refresh token ended, every token of the member
	// is gone, and the app a member authorized is still registered.
	app.Clock.Advance(400 * 24 * time.Hour)
	prune()
	if n := rows(`SELECT count(*) FROM oauth_tokens WHERE account_id = ?`, m.ID); n != 0 {
		t.Errorf("%d tokens of the member kept", n)
	}
	me(next.AccessToken).Expect(t, http.StatusUnauthorized)
	if !appKept(used) {
		t.Fatal("an app a member authorized was pruned")
	}
	appCredentials(used).Expect(t, http.StatusOK)
}
