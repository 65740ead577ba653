package httpapi_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	at "social/tests/testkit/apptest"
)

const alertSubject = "Tentativas de entrar na sua conta"

// waitJobs waits until n jobs of a kind have completed, so that what they
// send can be counted and the clock moved without racing them.
func waitJobs(t *testing.T, app *at.App, kind string, n int) {
	t.Helper()
	for deadline := time.Now().Add(15 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		var done, failed int
		if err := app.DB.NewRaw(`SELECT count(*) FILTER (WHERE state = 'completed'), count(*) FILTER (WHERE state IN ('retryable', 'discarded'))
			FROM river_job WHERE kind = ?`, kind).Scan(context.Background(), &done, &failed); err != nil {
			t.Fatalf("jobs %s: %v", kind, err)
		}
		if failed > 0 {
			t.Fatalf("%d %s jobs failed", failed, kind)
		}
		if done >= n {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d of %d %s jobs completed", done, n, kind)
		}
	}
}

// mailsWithSubject are the mails to an address whose subject contains s.
func mailsWithSubject(app *at.App, to, s string) []at.Mail {
	var out []at.Mail
	for _, m := range app.Mails(to) {
		if strings.Contains(m.Subject, s) {
			out = append(out, m)
		}
	}
	return out
}

// An attacker's wrong passwords for someone's e-mail slow the attacker
// down without locking the owner out:
//   - from the attacker's address, the e-mail is refused (429) once
//     SignInPerEmail failures were counted, right password or not, and
//     every e-mail once SignInPerIP failures were;
//   - the owner's right password from a known device (the social_device
//     cookie of an earlier sign-in) gets in from anywhere, the attacker's
//     address included;
//   - the owner from an unknown device at another address gets in too:
//     the limits are per address and per e-mail from one address, and the
//     ceiling per e-mail from every address (sign_in_per_email_all an
//     hour, TestFailedSignInsOfOneEmailFromManyAddressesReachACeiling) is
//     far above what one address may send;
//   - the owner gets one e-mail about the failed attempts per window.
func TestFailedSignInsOfAnAttackerDoNotLockTheOwnerOut(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	victim := app.Member("vitoria") // signed in once: this client is a known device
	attacker := app.Client()
	perPair := app.Config.Limits.SignInPerEmail
	wrong := map[string]string{"email": "vitoria@example.com", "password": "Chute1234"}
	right := map[string]string{"email": "vitoria@example.com", "password": at.Password}
	var answers []*at.Response
	for range 20 {
		answers = append(answers, attacker.Do(http.MethodPost, signInPath, wrong))
	}

	// (a) The owner's known device at another address gets in.
	victim.IP = "203.0.113.77"
	victim.Do(http.MethodPost, signInPath, right).Expect(t, http.StatusOK)

	// (d) The attacker was refused once SignInPerEmail failures were
	// counted, and is still, the right password included.
	for i, r := range answers {
		if i < perPair {
			if p := r.Expect(t, http.StatusUnauthorized).Problem(t); p.Code != "invalid_credentials" {
				t.Fatalf("attempt %d: %+v", i+1, p)
			}
			continue
		}
		expectLimited(t, r, waitSignIn, "900")
	}
	expectLimited(t, attacker.Do(http.MethodPost, signInPath, right), waitSignIn, "900")

	// The owner's known device gets in behind the attacker's own address (a shared network) too.
	victim.IP = attacker.IP
	victim.Do(http.MethodPost, signInPath, right).Expect(t, http.StatusOK)
	// A known device with a wrong password is counted like any attempt.
	victim.Do(http.MethodPost, signInPath, wrong).Expect(t, http.StatusUnauthorized)

	// (b) The owner on a new device at another address gets in as well.
	newDevice := app.Client()
	newDevice.Do(http.MethodPost, signInPath, right).Expect(t, http.StatusOK)

	// A device cookie made up by the attacker is no known device.
	forged := app.Client()
	forged.IP = attacker.IP
	expectLimited(t, forged.Do(http.MethodPost, signInPath, right, "Cookie", "social_device=inventado"), waitSignIn, "900")
	// Nor is another member's known device.
	other := app.Member("outra")
	other.IP = attacker.IP
	expectLimited(t, other.Do(http.MethodPost, signInPath, right), waitSignIn, "900")

	// (f) One warning e-mail about the failed attempts, whatever else fails
	// within the window; the job ran for every SignInAlertAfter failures.
	for range perPair {
		app.Client().Do(http.MethodPost, signInPath, wrong).Expect(t, http.StatusUnauthorized)
	}
	waitJobs(t, app, "accounts.send_sign_in_alert", 2)
	alerts := mailsWithSubject(app, "vitoria@example.com", alertSubject)
	if len(alerts) != 1 {
		t.Fatalf("%d warning mails, want 1", len(alerts))
	}
	if !strings.Contains(alerts[0].BodyText, "Olá, Membro vitoria!") || !strings.Contains(alerts[0].BodyText, "senha errada") {
		t.Fatalf("warning mail: %s", alerts[0].BodyText)
	}
	// The next window's burst warns again.
	app.Clock.Advance(16 * time.Minute)
	for range perPair {
		app.Client().Do(http.MethodPost, signInPath, wrong).Expect(t, http.StatusUnauthorized)
	}
	waitJobs(t, app, "accounts.send_sign_in_alert", 3)
	if n := len(mailsWithSubject(app, "vitoria@example.com", alertSubject)); n != 2 {
		t.Fatalf("%d warning mails after a second window's burst, want 2", n)
	}
	// The window has passed for the attacker's address too.
	attacker.Do(http.MethodPost, signInPath, wrong).Expect(t, http.StatusUnauthorized)
}

// (c) A successful sign-in never counts against the limits: six in a row
// from one address, on new devices each time, all succeed.
func TestSuccessfulSignInsNeverCount(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	m := app.Member("sara")
	for i := range 2*app.Config.Limits.SignInPerEmail + 1 {
		c := app.Client()
		c.IP = m.IP
		r := c.Do(http.MethodPost, signInPath, map[string]string{"email": "sara@example.com", "password": at.Password})
		if r.Status != http.StatusOK {
			t.Fatalf("sign-in %d: status %d: %s", i+1, r.Status, r.Body)
		}
	}
	// A few typos and then the right password: the typos count, the success
	// does not.
	failSignIns(t, m.Client, map[string]string{"email": "sara@example.com", "password": "Errada123"}, app.Config.Limits.SignInPerEmail-1)
	c := app.Client()
	c.IP = m.IP
	c.Do(http.MethodPost, signInPath, map[string]string{"email": "sara@example.com", "password": at.Password}).Expect(t, http.StatusOK)
	c.Do(http.MethodPost, signInPath, map[string]string{"email": "sara@example.com", "password": "Errada123"}).
		Expect(t, http.StatusUnauthorized)
}

// The known-device cookie is HttpOnly, SameSite=Strict, sent only to the
// auth endpoints, kept for a year, and a new random token per device.
func TestSignInSetsTheKnownDeviceCookie(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	app.Member("tina")
	r := app.Client().Do(http.MethodPost, signInPath, map[string]string{"email": "tina@example.com", "password": at.Password,
		"token_transport": "cookie"}).Expect(t, http.StatusOK)
	var device, refresh *http.Cookie
	for _, c := range (&http.Response{Header: r.Header}).Cookies() {
		switch c.Name {
		case "social_device":
			device = c
		case "social_refresh":
			refresh = c
		}
	}
	if device == nil || refresh == nil {
		t.Fatalf("Set-Cookie %q: want social_refresh and social_device", r.Header.Values("Set-Cookie"))
	}
	if !device.HttpOnly || device.SameSite != http.SameSiteStrictMode || device.Path != "/api/v1/auth" ||
		device.MaxAge != 365*24*3600 || len(device.Value) < 43 {
		t.Fatalf("device cookie = %+v", device)
	}
	var n int
	if err := app.DB.NewRaw(`SELECT count(*) FROM known_devices WHERE token_hash = sha256(convert_to(?, 'UTF8'))`, device.Value).
		Scan(context.Background(), &n); err != nil {
		t.Fatal(err)
	}
	if n != 1 {
		t.Fatalf("the device token is not stored by its hash: %d rows", n)
	}
	// A refused sign-in sets no device cookie.
	r = app.Client().Do(http.MethodPost, signInPath, map[string]string{"email": "tina@example.com", "password": "Errada123"})
	expectNoCookie(t, r, "a failed sign-in")
}

// (e) Recovery requests for someone's e-mail, however many and from
// however many addresses, never refuse its owner: every request is
// answered 202 with the same text. What is limited per e-mail is what is
// sent: one mail a minute, at most five per 15 minutes. Every one of them
// went to the owner and works for an hour, so the owner always has a link.
func TestRecoveryRequestsOfOthersDoNotKeepTheOwnerFromALink(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	app.Member("olga")
	const requested = "Se o email estiver cadastrado, enviamos um link para redefinir a senha."
	requests := 0
	forgot := func(c *at.Client) {
		t.Helper()
		var body struct{ Message string }
		c.Do(http.MethodPost, forgotPath, map[string]string{"email": "olga@example.com"}).Expect(t, http.StatusAccepted).JSON(t, &body)
		if body.Message != requested {
			t.Fatalf("message = %q", body.Message)
		}
		requests++
		waitJobs(t, app, "accounts.send_password_reset", requests)
	}
	for range 12 { // the attacker, from a new address each minute
		forgot(app.Client())
		app.Clock.Advance(time.Minute)
	}
	for range 3 { // and several times within the last minute
		forgot(app.Client())
	}
	if n := len(mailsWithSubject(app, "olga@example.com", at.ResetSubject)); n != 5 {
		t.Fatalf("%d reset mails in 12 minutes, want 5", n)
	}
	// The owner asks too: answered like everyone, and the newest link in
	// their inbox works.
	forgot(app.Client())
	token := app.LatestToken("olga@example.com", at.ResetSubject)
	app.Client().Do(http.MethodPost, resetPath, map[string]string{"token": token, "password": "NovaSenha9",
		"password_confirmation": "NovaSenha9"}).Expect(t, http.StatusOK)
	// Once the window has passed, a request mails a new link again.
	app.Clock.Advance(15 * time.Minute)
	forgot(app.Client())
	if n := len(mailsWithSubject(app, "olga@example.com", at.ResetSubject)); n != 6 {
		t.Fatalf("%d reset mails after the window, want 6", n)
	}
}

// A known device's own failures are limited too: past SignInPerEmail of
// them in the window it is held to the address limits like any device,
// so a stolen device does not guess without end.
func TestKnownDeviceThatFailsTooOftenIsHeldToTheAddressLimits(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	m := app.Member("wanda")
	wrong := map[string]string{"email": "wanda@example.com", "password": "Errada123"}
	right := map[string]string{"email": "wanda@example.com", "password": at.Password}
	attacker := app.Client()
	failSignIns(t, attacker, wrong, app.Config.Limits.SignInPerEmail)
	m.IP = attacker.IP
	failSignIns(t, m.Client, wrong, app.Config.Limits.SignInPerEmail)
	expectLimited(t, m.Do(http.MethodPost, signInPath, right), waitSignIn, "900")
	// From another address the address limits allow it.
	m.IP = "203.0.113.90"
	m.Do(http.MethodPost, signInPath, right).Expect(t, http.StatusOK)
}
