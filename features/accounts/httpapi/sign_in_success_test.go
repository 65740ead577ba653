package httpapi_test

import (
	"net/http"
	"testing"

	at "social/tests/testkit/apptest"
)

// A member who signs in again and again (new tabs, new browsers, signing
// out and in) is never held back: only failures count toward the sign-in
// limits. From one address, the same member signs in successfully more
// times than every limit allows within the window, from a browser that
// keeps its cookies and from fresh browsers without any, and each sign-in
// succeeds; a wrong password from that address is still limited after it.
func TestSuccessfulSignInsNeverCountTowardTheLimits(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	m := app.Member("sucesso")
	limits := app.Config.Limits
	times := max(limits.SignInPerEmail, limits.SignInPerIP, limits.SignInPerEmailAll) + 2
	right := map[string]string{"email": m.Email, "password": at.Password}
	const ip = "203.0.113.40"

	same := app.Client()
	same.IP = ip
	for i := range times {
		if r := same.Do(http.MethodPost, signInPath, right); r.Status != http.StatusOK {
			t.Fatalf("sign-in %d of %d from a browser with cookies: %d %s", i+1, times, r.Status, r.Body)
		}
		fresh := app.Client()
		fresh.IP = ip
		if r := fresh.Do(http.MethodPost, signInPath, right); r.Status != http.StatusOK {
			t.Fatalf("sign-in %d of %d from a fresh browser: %d %s", i+1, times, r.Status, r.Body)
		}
	}

	// Failures from the same address are still counted and limited.
	wrong := map[string]string{"email": m.Email, "password": "Chute1234"}
	attacker := app.Client()
	attacker.IP = ip
	for range limits.SignInPerEmail {
		attacker.Do(http.MethodPost, signInPath, wrong).Expect(t, http.StatusUnauthorized)
	}
	attacker.Do(http.MethodPost, signInPath, wrong).Expect(t, http.StatusTooManyRequests)
}
