package httpapi_test

import (
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"social/config"
	accounts "social/features/accounts/app"
	at "social/tests/testkit/apptest"
)

const (
	refreshPath = "/api/v1/auth/refresh"
	signOutPath = "/api/v1/auth/sign-out"
)

func refresh(c *at.Client, token string) *at.Response {
	return c.Do(http.MethodPost, refreshPath, map[string]string{"refresh_token": token})
}

func TestRefreshRotatesAndReuseRevokesTheFamily(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	m := app.Member("jana")
	a := m.Session.RefreshToken

	var s1, s2 at.Session
	refresh(m.Client, a).Expect(t, http.StatusOK).JSON(t, &s1)
	if s1.RefreshToken == "" || s1.RefreshToken == a || s1.AccessToken == m.Session.AccessToken || s1.User.Handle != "jana" {
		t.Fatalf("rotation: %+v", s1)
	}
	refresh(m.Client, s1.RefreshToken).Expect(t, http.StatusOK).JSON(t, &s2)

	// The first token again, long after it was rotated: a stolen copy.
	app.Clock.Advance(31 * time.Second)
	m.Token = s2.AccessToken
	m.Do(http.MethodGet, mePath, nil).Expect(t, http.StatusOK) // the session is checked, and remembered
	p := refresh(app.Client(), a).Expect(t, http.StatusUnauthorized).Problem(t)
	if p.Code != "session_expired" || p.Detail != "Sua sessão expirou. Entre novamente." {
		t.Fatalf("reuse: %+v", p)
	}
	// The whole family is gone: the newest refresh token and its access token too.
	refresh(m.Client, s2.RefreshToken).Expect(t, http.StatusUnauthorized)
	m.Do(http.MethodGet, mePath, nil).Expect(t, http.StatusUnauthorized)
	// Other sessions of the member live on.
	other := app.Client().SignIn("jana@example.com", at.Password)
	refresh(app.Client(), other.RefreshToken).Expect(t, http.StatusOK)

	var reason string
	if err := app.DB.NewRaw("SELECT revoked_reason FROM sessions WHERE revoked_at IS NOT NULL").Scan(t.Context(), &reason); err != nil || reason != "refresh_token_reuse" {
		t.Fatalf("revoked session: %q %v", reason, err)
	}
}

func TestReuseWithinTheGraceIsARace(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	m := app.Member("kaua")
	var s, again, next at.Session
	refresh(m.Client, m.Session.RefreshToken).Expect(t, http.StatusOK).JSON(t, &s)
	// The page was reloaded while its refresh was under way: the answer and
	// its cookie were lost, and the next load presents the previous token.
	// Within the grace it is accepted once more, with a fresh rotation.
	app.Clock.Advance(25 * time.Second)
	refresh(m.Client, m.Session.RefreshToken).Expect(t, http.StatusOK).JSON(t, &again)
	if again.RefreshToken == "" || again.RefreshToken == s.RefreshToken || again.User.Handle != m.Handle {
		t.Fatalf("second rotation: %+v", again)
	}
	// Only once: a third use is refused, and the session lives on.
	app.Clock.Advance(time.Second)
	refresh(m.Client, m.Session.RefreshToken).Expect(t, http.StatusUnauthorized)
	refresh(m.Client, again.RefreshToken).Expect(t, http.StatusOK).JSON(t, &next)
	m.Token = next.AccessToken
	m.Do(http.MethodGet, mePath, nil).Expect(t, http.StatusOK)
	var revoked int
	if err := app.DB.NewRaw("SELECT count(*) FROM sessions WHERE revoked_at IS NOT NULL").Scan(t.Context(), &revoked); err != nil || revoked != 0 {
		t.Fatalf("revoked sessions: %d %v", revoked, err)
	}
}

// Past the grace, the previous token is a stolen copy even when its one
// extra use was never spent: the whole session ends, as it always did.
func TestReuseAfterTheGraceEndsTheSession(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	m := app.Member("kiara")
	var s, again at.Session
	refresh(m.Client, m.Session.RefreshToken).Expect(t, http.StatusOK).JSON(t, &s)
	refresh(m.Client, s.RefreshToken).Expect(t, http.StatusOK).JSON(t, &again)
	app.Clock.Advance(31 * time.Second) // past auth.refresh_reuse_grace, 30 s by default
	refresh(m.Client, m.Session.RefreshToken).Expect(t, http.StatusUnauthorized)
	refresh(m.Client, again.RefreshToken).Expect(t, http.StatusUnauthorized)
	var reason string
	if err := app.DB.NewRaw("SELECT revoked_reason FROM sessions WHERE revoked_at IS NOT NULL").Scan(t.Context(), &reason); err != nil || reason != "refresh_token_reuse" {
		t.Fatalf("revoked session: %q %v", reason, err)
	}
}

// A rotated token is taken back only for its own session: the other
// session's tokens are left as they were, and an unknown token is refused.
func TestGraceStaysWithinItsSession(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	m := app.Member("kelly")
	other := app.Client().SignIn("kelly@example.com", at.Password)
	var a1, a2, b1 at.Session
	refresh(m.Client, m.Session.RefreshToken).Expect(t, http.StatusOK).JSON(t, &a1)
	refresh(app.Client(), other.RefreshToken).Expect(t, http.StatusOK).JSON(t, &b1)
	app.Clock.Advance(5 * time.Second)
	refresh(m.Client, m.Session.RefreshToken).Expect(t, http.StatusOK).JSON(t, &a2)
	sessionOf := func(token string) string {
		t.Helper()
		var id string
		if err := app.DB.NewRaw("SELECT session_id::text FROM refresh_tokens WHERE token_hash = ?",
			accounts.HashSecret(token)).Scan(t.Context(), &id); err != nil {
			t.Fatal(err)
		}
		return id
	}
	if sessionOf(a2.RefreshToken) != sessionOf(m.Session.RefreshToken) || sessionOf(a2.RefreshToken) == sessionOf(b1.RefreshToken) {
		t.Fatal("the extra rotation left its session")
	}
	// The other session's current token works; its retired one was not touched by the first session's grace.
	var b2 at.Session
	refresh(app.Client(), b1.RefreshToken).Expect(t, http.StatusOK).JSON(t, &b2)
	refresh(app.Client(), "not-a-token-of-any-session").Expect(t, http.StatusUnauthorized)
	refresh(app.Client(), b2.RefreshToken).Expect(t, http.StatusOK)
	var revoked int
	if err := app.DB.NewRaw("SELECT count(*) FROM sessions WHERE revoked_at IS NOT NULL").Scan(t.Context(), &revoked); err != nil || revoked != 0 {
		t.Fatalf("revoked sessions: %d %v", revoked, err)
	}
}

func TestStrictReuseWithoutGrace(t *testing.T) {
	t.Parallel()
	app := at.Start(t, func(c *config.Config) { c.Auth.RefreshReuseGrace = 0 })
	m := app.Member("lara")
	var s at.Session
	refresh(m.Client, m.Session.RefreshToken).Expect(t, http.StatusOK).JSON(t, &s)
	app.Clock.Advance(time.Millisecond)
	refresh(m.Client, m.Session.RefreshToken).Expect(t, http.StatusUnauthorized)
	refresh(m.Client, s.RefreshToken).Expect(t, http.StatusUnauthorized)
}

func TestParallelRefreshesMakeOneSuccessor(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	m := app.Member("lia")
	const n = 10
	results := make([]*at.Response, n)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			results[i] = refresh(app.Client(), m.Session.RefreshToken)
		}()
	}
	close(start)
	wg.Wait()
	var winner at.Session
	ok := 0
	for _, r := range results {
		switch r.Status {
		case http.StatusOK:
			ok++
			r.JSON(t, &winner)
		case http.StatusUnauthorized:
		default:
			t.Errorf("refresh answered %d: %s", r.Status, r.Body)
		}
	}
	// The first rotates the token; one more is taken within the grace (a
	// lost answer's retry); the rest are refused.
	if ok != 2 {
		t.Fatalf("%d refreshes succeeded, want exactly 2", ok)
	}
	var tokens int
	if err := app.DB.NewRaw(`SELECT count(*) FROM refresh_tokens WHERE session_id =
		(SELECT session_id FROM refresh_tokens WHERE token_hash = ?)`, accounts.HashSecret(m.Session.RefreshToken)).Scan(t.Context(), &tokens); err != nil {
		t.Fatal(err)
	}
	if tokens != 3 {
		t.Fatalf("%d refresh tokens stored, want the original and its two successors", tokens)
	}
	refresh(m.Client, winner.RefreshToken).Expect(t, http.StatusOK)
}

func TestSessionsEndAtTheirAbsoluteLifetime(t *testing.T) {
	t.Parallel()
	app := at.Start(t, func(c *config.Config) { c.Auth.SessionMaxAge = time.Hour })
	m := app.Member("luna")
	tok := m.Session.RefreshToken
	for range 4 {
		app.Clock.Advance(14 * time.Minute)
		var s at.Session
		refresh(m.Client, tok).Expect(t, http.StatusOK).JSON(t, &s)
		tok = s.RefreshToken
	}
	// 61 minutes in: past the session's end, its newest token is refused and
	// its access tokens stop working, however fresh.
	var last at.Session
	refresh(m.Client, tok).Expect(t, http.StatusOK).JSON(t, &last)
	m.Token = last.AccessToken
	app.Clock.Advance(5 * time.Minute)
	refresh(m.Client, last.RefreshToken).Expect(t, http.StatusUnauthorized)
	m.Do(http.MethodGet, mePath, nil).Expect(t, http.StatusUnauthorized)
}

func TestCookieTransportRotatesTheCookie(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	app.Member("malu")
	spa := app.Client()
	spa.Do(http.MethodPost, signInPath, map[string]string{"email": "malu@example.com", "password": at.Password, "token_transport": "cookie"}).
		Expect(t, http.StatusOK)
	first := spa.Cookie()
	r := spa.Do(http.MethodPost, refreshPath, nil).Expect(t, http.StatusOK)
	if strings.Contains(string(r.Body), "refresh_token") || spa.Cookie() == first || spa.Cookie() == "" {
		t.Fatalf("cookie refresh: body %s, cookie %q (was %q)", r.Body, spa.Cookie(), first)
	}
	// A page reloaded mid-refresh comes back with the previous cookie: it is
	// taken once more and replaced.
	reloaded := app.Client()
	r = reloaded.Do(http.MethodPost, refreshPath, nil, "Cookie", "social_refresh="+first).Expect(t, http.StatusOK)
	if sc := r.Header.Get("Set-Cookie"); !strings.HasPrefix(sc, "social_refresh=") || strings.Contains(sc, first) {
		t.Fatalf("the reloaded page's cookie: %q", sc)
	}
	// A refused cookie is left alone: another tab may have rotated it.
	stale := app.Client()
	r = stale.Do(http.MethodPost, refreshPath, nil, "Cookie", "social_refresh="+first).Expect(t, http.StatusUnauthorized)
	if sc := r.Header.Get("Set-Cookie"); sc != "" {
		t.Fatalf("a refused refresh touched the cookie: %q", sc)
	}
	// No cookie, no body: no session.
	app.Client().Do(http.MethodPost, refreshPath, nil).Expect(t, http.StatusUnauthorized)
}

func TestSignOutEndsTheSession(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	m := app.Member("nina")

	r := m.Do(http.MethodPost, signOutPath, map[string]string{"refresh_token": m.Session.RefreshToken}).Expect(t, http.StatusNoContent)
	if sc := r.Header.Get("Set-Cookie"); !strings.Contains(sc, "social_refresh=;") || !strings.Contains(sc, "Max-Age=0") {
		t.Fatalf("sign-out does not clear the cookie: %q", sc)
	}
	refresh(app.Client(), m.Session.RefreshToken).Expect(t, http.StatusUnauthorized)
	m.Do(http.MethodGet, mePath, nil).Expect(t, http.StatusUnauthorized)

	// Without any session it is still fine.
	app.Client().Do(http.MethodPost, signOutPath, nil).Expect(t, http.StatusNoContent)
	app.Client().Do(http.MethodPost, signOutPath, map[string]string{"refresh_token": "unknown"}).Expect(t, http.StatusNoContent)

	// The SPA: cookie in, cookie out.
	spa := app.Client()
	spa.Do(http.MethodPost, signInPath, map[string]string{"email": "nina@example.com", "password": at.Password, "token_transport": "cookie"}).
		Expect(t, http.StatusOK)
	cookie := spa.Cookie()
	spa.Do(http.MethodPost, signOutPath, nil).Expect(t, http.StatusNoContent)
	if spa.Cookie() != "" {
		t.Fatal("cookie still in the jar after sign-out")
	}
	app.Client().Do(http.MethodPost, refreshPath, nil, "Cookie", "social_refresh="+cookie).Expect(t, http.StatusUnauthorized)

	// A bearer token alone signs its own session out.
	s := app.Client().SignIn("nina@example.com", at.Password)
	c := app.Client()
	c.Token = s.AccessToken
	c.Do(http.MethodPost, signOutPath, nil).Expect(t, http.StatusNoContent)
	c.Do(http.MethodGet, mePath, nil).Expect(t, http.StatusUnauthorized)
	refresh(app.Client(), s.RefreshToken).Expect(t, http.StatusUnauthorized)
}
