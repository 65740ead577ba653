package httpapi_test

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	at "social/tests/testkit/apptest"
)

// fillCeiling sends wrong passwords for email, each from a new device at
// a new address (a botnet), until the per-e-mail ceiling is reached; every
// one of them is an ordinary 401.
func fillCeiling(t *testing.T, app *at.App, email string) {
	t.Helper()
	wrong := map[string]string{"email": email, "password": "Chute1234"}
	for i := range app.Config.Limits.SignInPerEmailAll {
		r := app.Client().Do(http.MethodPost, signInPath, wrong)
		if r.Status != http.StatusUnauthorized {
			t.Fatalf("failure %d of %d from its own address: status %d: %s", i+1, app.Config.Limits.SignInPerEmailAll, r.Status, r.Body)
		}
	}
}

// Failures for one e-mail spread over many addresses are capped: past
// rate_limits.sign_in_per_email_all of them within the hour, every device
// not known to the account is refused (429, the sign-in text, Retry-After
// until the oldest leaves the hour), the right password included, known
// e-mail or not; other e-mails are not affected. The owner's known device
// still gets in, from anywhere. Once the hour has passed, guessing may go
// on, at that pace at most.
func TestFailedSignInsOfOneEmailFromManyAddressesReachACeiling(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	owner := app.Member("celia") // signed in once: a known device
	app.Member("dora")
	right := map[string]string{"email": "celia@example.com", "password": at.Password}
	if app.Config.Limits.SignInPerEmailAll < 1 || app.Config.Limits.SignInPerEmailAll > 100 {
		t.Fatalf("rate_limits.sign_in_per_email_all = %d", app.Config.Limits.SignInPerEmailAll)
	}
	fillCeiling(t, app, "celia@example.com")
	fillCeiling(t, app, "ninguem@example.com")

	// From yet another address, wrong or right password, the e-mail is refused.
	expectLimited(t, app.Client().Do(http.MethodPost, signInPath,
		map[string]string{"email": "celia@example.com", "password": "Chute1234"}), waitSignIn, "3600")
	expectLimited(t, app.Client().Do(http.MethodPost, signInPath, right), waitSignIn, "3600")
	// An unknown e-mail is answered alike.
	expectLimited(t, app.Client().Do(http.MethodPost, signInPath,
		map[string]string{"email": "ninguem@example.com", "password": "Chute1234"}), waitSignIn, "3600")
	// Another member is not held by it.
	app.Client().Do(http.MethodPost, signInPath, map[string]string{"email": "dora@example.com", "password": at.Password}).
		Expect(t, http.StatusOK)

	// The owner's known device gets in, at a new address as at an old one.
	owner.IP = "203.0.113.45"
	owner.Do(http.MethodPost, signInPath, right).Expect(t, http.StatusOK)
	// Its typos are its own (the device limit), not refused by the ceiling.
	owner.Do(http.MethodPost, signInPath, map[string]string{"email": "celia@example.com", "password": "Errada123"}).
		Expect(t, http.StatusUnauthorized)
	owner.IP = "198.51.77.9"
	owner.Do(http.MethodPost, signInPath, right).Expect(t, http.StatusOK)

	// Refused attempts are not counted: the hour runs from the first failures.
	app.Clock.Advance(59 * time.Minute)
	expectLimited(t, app.Client().Do(http.MethodPost, signInPath, right), waitSignIn, "60")
	app.Clock.Advance(time.Minute)
	app.Client().Do(http.MethodPost, signInPath, right).Expect(t, http.StatusOK)
}

// A completed password reset makes the browser that did it a known
// device (the social_device cookie), so an owner whose e-mail is at the
// ceiling recovers by e-mail and then signs in from that browser, at any
// address; another new device is still refused.
func TestPasswordResetMakesTheBrowserAKnownDevice(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	app.Member("elza")
	fillCeiling(t, app, "elza@example.com")

	browser := app.Client()
	newPassword := map[string]string{"email": "elza@example.com", "password": "NovaSenha9"}
	expectLimited(t, browser.Do(http.MethodPost, signInPath, map[string]string{"email": "elza@example.com", "password": at.Password}),
		waitSignIn, "3600")
	browser.Do(http.MethodPost, forgotPath, map[string]string{"email": "elza@example.com"}).Expect(t, http.StatusAccepted)
	token := app.LatestToken("elza@example.com", at.ResetSubject)
	r := browser.Do(http.MethodPost, resetPath, map[string]string{"token": token, "password": "NovaSenha9",
		"password_confirmation": "NovaSenha9"}).Expect(t, http.StatusOK)
	var device *http.Cookie
	for _, c := range (&http.Response{Header: r.Header}).Cookies() {
		if c.Name == "social_device" {
			device = c
		}
	}
	if device == nil || !device.HttpOnly || device.SameSite != http.SameSiteStrictMode || device.Path != "/api/v1/auth" ||
		device.MaxAge != 365*24*3600 || len(device.Value) < 43 {
		t.Fatalf("reset's Set-Cookie %q: want the social_device cookie", r.Header.Values("Set-Cookie"))
	}

	browser.Do(http.MethodPost, signInPath, newPassword).Expect(t, http.StatusOK)
	browser.IP = "203.0.113.46"
	browser.Do(http.MethodPost, signInPath, newPassword).Expect(t, http.StatusOK)
	// Another new device is still held by the ceiling, with the new password too.
	expectLimited(t, app.Client().Do(http.MethodPost, signInPath, newPassword), waitSignIn, "3600")

	// A reset from a browser that is already the account's known device
	// keeps its cookie's token.
	browser.Do(http.MethodPost, forgotPath, map[string]string{"email": "elza@example.com"}).Expect(t, http.StatusAccepted)
	app.Clock.Advance(time.Minute) // one link a minute
	browser.Do(http.MethodPost, forgotPath, map[string]string{"email": "elza@example.com"}).Expect(t, http.StatusAccepted)
	waitJobs(t, app, "accounts.send_password_reset", 3)
	token = app.LatestToken("elza@example.com", at.ResetSubject)
	r = browser.Do(http.MethodPost, resetPath, map[string]string{"token": token, "password": "Outra1234",
		"password_confirmation": "Outra1234"}).Expect(t, http.StatusOK)
	kept := false
	for _, c := range (&http.Response{Header: r.Header}).Cookies() {
		kept = kept || (c.Name == "social_device" && c.Value == device.Value)
	}
	if !kept {
		t.Fatalf("second reset's Set-Cookie %q: want the same social_device token", r.Header.Values("Set-Cookie"))
	}
	// A refused reset sets no device cookie.
	r = app.Client().Do(http.MethodPost, resetPath, map[string]string{"token": "inventado", "password": "Outra1234",
		"password_confirmation": "Outra1234"}).Expect(t, http.StatusBadRequest)
	expectNoCookie(t, r, "a refused reset")
}

// An IPv6 client is counted by its /64, which its owner may spread over
// at will: failures from many addresses of one /64 share the limits of
// one address; another /64 has its own. IPv4 addresses count one by one.
func TestSignInLimitsCountAnIPv6NetworkAsOneAddress(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	app.Member("fabi")
	wrong := map[string]string{"email": "fabi@example.com", "password": "Chute1234"}
	c := app.Client()
	for i := range app.Config.Limits.SignInPerEmail {
		c.IP = fmt.Sprintf("2001:db8:7:42:%x::%x", i*977, i+1)
		c.Do(http.MethodPost, signInPath, wrong).Expect(t, http.StatusUnauthorized)
	}
	c.IP = "2001:db8:7:42:ffff:ffff:ffff:fffe"
	expectLimited(t, c.Do(http.MethodPost, signInPath, wrong), waitSignIn, "900")
	// The per-address limit, whatever the e-mails, is the /64's too.
	for i := range app.Config.Limits.SignInPerIP - app.Config.Limits.SignInPerEmail {
		c.IP = fmt.Sprintf("2001:db8:7:42::%x", 0x1000+i)
		c.Do(http.MethodPost, signInPath, map[string]string{"email": fmt.Sprintf("outro%d@example.com", i), "password": "Chute1234"}).
			Expect(t, http.StatusUnauthorized)
	}
	c.IP = "2001:db8:7:42::abcd"
	expectLimited(t, c.Do(http.MethodPost, signInPath, map[string]string{"email": "mais@example.com", "password": "Chute1234"}),
		waitSignIn, "900")

	// The neighbouring /64 is another network.
	c.IP = "2001:db8:7:43::1"
	c.Do(http.MethodPost, signInPath, wrong).Expect(t, http.StatusUnauthorized)
	// Two IPv4 addresses of one /24 are two addresses.
	v4 := app.Client()
	v4.IP = "192.0.2.10"
	gil := map[string]string{"email": "gil@example.com", "password": "Chute1234"}
	failSignIns(t, v4, gil, app.Config.Limits.SignInPerEmail)
	expectLimited(t, v4.Do(http.MethodPost, signInPath, gil), waitSignIn, "900")
	v4.IP = "192.0.2.11"
	v4.Do(http.MethodPost, signInPath, gil).Expect(t, http.StatusUnauthorized)
}
