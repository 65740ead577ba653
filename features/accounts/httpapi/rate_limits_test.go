package httpapi_test

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"social/config"
	at "social/tests/testkit/apptest"
)

// expectLimited checks a 429 with the limit's pt-BR text and Retry-After.
func expectLimited(t *testing.T, r *at.Response, detail, retryAfter string) {
	t.Helper()
	p := r.Expect(t, http.StatusTooManyRequests).Problem(t)
	if p.Code != "rate_limited" || p.Title != "Muitas tentativas" || p.Detail != detail {
		t.Fatalf("429 problem = %+v", p)
	}
	if got := r.Header.Get("Retry-After"); got != retryAfter {
		t.Fatalf("Retry-After = %q, want %q", got, retryAfter)
	}
}

// failSignIns makes n sign-ins of c with body, each refused as a wrong
// password.
func failSignIns(t *testing.T, c *at.Client, body map[string]string, n int) {
	t.Helper()
	for range n {
		c.Do(http.MethodPost, signInPath, body).Expect(t, http.StatusUnauthorized)
	}
}

// expectNoCookie checks that a refused request set no cookie.
func expectNoCookie(t *testing.T, r *at.Response, what string) {
	t.Helper()
	if got := r.Header.Values("Set-Cookie"); len(got) != 0 {
		t.Fatalf("%s set %q", what, got)
	}
}

const (
	waitSignUp = "Aguarde 5 minutos antes de tentar novamente."
	waitSignIn = "Aguarde 15 minutos antes de tentar novamente."
)

// Sign-ups are limited per e-mail and per client address, each limit on
// its own.
func TestSignUpLimitsPerEmailAndPerAddress(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	form := at.SignUpForm("pedro@example.com", "pedro")
	// Three attempts per 5 minutes, successful or not, each from its own address.
	app.Client().Do(http.MethodPost, signUpPath, form).Expect(t, http.StatusCreated)
	app.Clock.Advance(time.Minute)
	app.Client().Do(http.MethodPost, signUpPath, form).Expect(t, http.StatusConflict)
	app.Client().Do(http.MethodPost, signUpPath, at.SignUpForm("PEDRO@example.com", "pedro2")).Expect(t, http.StatusConflict)
	expectLimited(t, app.Client().Do(http.MethodPost, signUpPath, form), waitSignUp, "240")
	// Refused attempts do not count: the window slides from the first one.
	app.Clock.Advance(239 * time.Second)
	expectLimited(t, app.Client().Do(http.MethodPost, signUpPath, form), waitSignUp, "1")
	app.Clock.Advance(time.Second)
	app.Client().Do(http.MethodPost, signUpPath, form).Expect(t, http.StatusConflict)
	expectLimited(t, app.Client().Do(http.MethodPost, signUpPath, form), waitSignUp, "60")

	// From one address, whatever the e-mails.
	c := app.Client()
	limit := app.Config.Limits.SignUpPerIP
	for i := range limit {
		c.Do(http.MethodPost, signUpPath, at.SignUpForm(fmt.Sprintf("ip%d@example.com", i), fmt.Sprintf("ip_%d", i))).
			Expect(t, http.StatusCreated)
	}
	expectLimited(t, c.Do(http.MethodPost, signUpPath, at.SignUpForm("ipx@example.com", "ip_x")), waitSignUp, "300")
	// Another address is not affected.
	app.Client().Do(http.MethodPost, signUpPath, at.SignUpForm("ipx@example.com", "ip_x")).Expect(t, http.StatusCreated)
}

// Sign-ups from the addresses of one IPv6 /64, which one subscriber picks
// at will, count as from one address; the neighbouring /64 is another.
func TestSignUpLimitCountsAnIPv6NetworkAsOneAddress(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	c := app.Client()
	for i := range app.Config.Limits.SignUpPerIP {
		c.IP = fmt.Sprintf("2001:db8:9:1:%x::%x", i*331, i+1)
		c.Do(http.MethodPost, signUpPath, at.SignUpForm(fmt.Sprintf("rede%d@example.com", i), fmt.Sprintf("rede_%d", i))).
			Expect(t, http.StatusCreated)
	}
	c.IP = "2001:db8:9:1:ffff::beef"
	expectLimited(t, c.Do(http.MethodPost, signUpPath, at.SignUpForm("redex@example.com", "rede_x")), waitSignUp, "300")
	c.IP = "2001:db8:9:2::1"
	c.Do(http.MethodPost, signUpPath, at.SignUpForm("redex@example.com", "rede_x")).Expect(t, http.StatusCreated)
}

// Failed sign-ins of one e-mail from one address are limited; the refused
// attempt (the right password included, from a device never signed in
// from) does not count, and the window slides from the first failure.
func TestSignInLimitPerEmailFromOneAddress(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	app.Member("quiteria") // its sign-in succeeded: it does not count
	c := app.Client()
	wrong := map[string]string{"email": "quiteria@example.com", "password": "Errada123"}
	right := map[string]string{"email": "QUITERIA@example.com", "password": at.Password}
	failSignIns(t, c, wrong, app.Config.Limits.SignInPerEmail)
	expectLimited(t, c.Do(http.MethodPost, signInPath, right), waitSignIn, "900")
	app.Clock.Advance(15 * time.Minute)
	c.Do(http.MethodPost, signInPath, right).Expect(t, http.StatusOK)
}

func TestSignInLimitPerEmailCountsUnknownAddresses(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	c := app.Client()
	body := map[string]string{"email": "ghost@example.com", "password": "Qualquer1"}
	failSignIns(t, c, body, app.Config.Limits.SignInPerEmail)
	expectLimited(t, c.Do(http.MethodPost, signInPath, body), waitSignIn, "900")
}

func TestSignInLimitPerAddress(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	c := app.Client()
	limit := app.Config.Limits.SignInPerIP
	for i := range limit {
		c.Do(http.MethodPost, signInPath, map[string]string{"email": fmt.Sprintf("x%d@example.com", i), "password": "Qualquer1"}).
			Expect(t, http.StatusUnauthorized)
	}
	expectLimited(t, c.Do(http.MethodPost, signInPath, map[string]string{"email": "y@example.com", "password": "Qualquer1"}), waitSignIn, "900")
	app.Client().Do(http.MethodPost, signInPath, map[string]string{"email": "y@example.com", "password": "Qualquer1"}).
		Expect(t, http.StatusUnauthorized)
}

func TestLimitsHoldAcrossRestarts(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	c := app.Client()
	body := map[string]string{"email": "rui@example.com", "password": "Qualquer1"}
	failSignIns(t, c, body, app.Config.Limits.SignInPerEmail)
	app = app.Restart()
	same := app.Client()
	same.IP = c.IP
	expectLimited(t, same.Do(http.MethodPost, signInPath, body), waitSignIn, "900")
}

func TestClientAddressComesFromTheSocketUnlessAProxyIsTrusted(t *testing.T) {
	t.Parallel()
	// No trusted proxy: X-Forwarded-For is the client's own claim, ignored.
	app := at.Start(t, func(c *config.Config) { c.HTTP.TrustedProxies = nil; c.Limits.SignInPerIP = 2 })
	for i := range 2 {
		c := app.Client() // each claims another address
		c.Do(http.MethodPost, signInPath, map[string]string{"email": fmt.Sprintf("s%d@example.com", i), "password": "Qualquer1"}).
			Expect(t, http.StatusUnauthorized)
	}
	expectLimited(t, app.Client().Do(http.MethodPost, signInPath, map[string]string{"email": "s9@example.com", "password": "Qualquer1"}),
		waitSignIn, "900")
}
