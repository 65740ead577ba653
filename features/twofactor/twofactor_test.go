package twofactor_test

import (
	"encoding/base32"
	"net/http"
	"strings"
	"testing"

	"social/config"
	twofactor "social/features/twofactor/app"
	at "social/tests/testkit/apptest"
)

const (
	signInPath     = "/api/v1/auth/sign-in"
	secondStepPath = "/api/v1/auth/second-step"
	mePath         = "/api/v1/profiles/me"
	securitySubj   = "Segurança da sua conta"
)

type pending struct {
	Challenge string   `json:"challenge"`
	Methods   []string `json:"methods"`
}

// enrol turns the member's authenticator app on and answers its secret
// and recovery codes.
func enrol(t *testing.T, app *at.App, m *at.Member) ([]byte, []string) {
	t.Helper()
	var e struct {
		Secret string `json:"secret"`
		URI    string `json:"otpauth_uri"`
	}
	m.Do(http.MethodPost, "/api/v1/auth/two-factor/totp", nil).Expect(t, http.StatusOK).JSON(t, &e)
	if !strings.HasPrefix(e.URI, "otpauth://totp/social:") || !strings.Contains(e.URI, "secret="+e.Secret) {
		t.Fatalf("enrolment %+v", e)
	}
	secret, err := base32.StdEncoding.WithPadding(base32.NoPadding).DecodeString(e.Secret)
	if err != nil {
		t.Fatal(err)
	}
	p := m.Do(http.MethodPost, "/api/v1/auth/two-factor/totp/confirm", map[string]string{"code": "000000"}).
		Expect(t, http.StatusUnprocessableEntity).Problem(t)
	if p.Code != twofactor.CodeInvalidCode {
		t.Fatalf("wrong first code: %+v", p)
	}
	var codes struct {
		RecoveryCodes []string `json:"recovery_codes"`
	}
	m.Do(http.MethodPost, "/api/v1/auth/two-factor/totp/confirm", map[string]string{"code": code(app, secret)}).
		Expect(t, http.StatusOK).JSON(t, &codes)
	if len(codes.RecoveryCodes) != 10 {
		t.Fatalf("recovery codes %v", codes.RecoveryCodes)
	}
	// The confirmation's step is used: move to the next.
	app.Clock.Advance(twofactor.TOTPPeriod)
	return secret, codes.RecoveryCodes
}

func code(app *at.App, secret []byte) string {
	return twofactor.TOTPCode(secret, twofactor.TOTPStep(app.Clock.Now()))
}

// signInPending signs in with the password and expects the second step.
func signInPending(t *testing.T, c *at.Client, email, password string) pending {
	t.Helper()
	r := c.Do(http.MethodPost, signInPath, map[string]string{"email": email, "password": password, "token_transport": "cookie"})
	r.Expect(t, http.StatusAccepted)
	if r.Header.Get("Set-Cookie") != "" {
		t.Fatalf("a pending second step set a cookie: %s", r.Header.Get("Set-Cookie"))
	}
	if strings.Contains(string(r.Body), "access_token") {
		t.Fatalf("a pending second step answered a token: %s", r.Body)
	}
	var p pending
	r.JSON(t, &p)
	if p.Challenge == "" {
		t.Fatalf("no challenge: %s", r.Body)
	}
	return p
}

func TestPasswordSignInOfAnAccountWithTheAppGetsNoSessionWithoutTheCode(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	m := app.Member("ana")
	secret, recovery := enrol(t, app, m)
	if mails := app.Mails(m.Email); len(mails) == 0 || !strings.Contains(mails[0].Subject, securitySubj) { // newest first
		t.Fatalf("no mail for turning the app on: %+v", app.Mails(m.Email))
	}

	c := app.Client()
	p := signInPending(t, c, m.Email, at.Password)
	if strings.Join(p.Methods, ",") != "totp,recovery_code" {
		t.Fatalf("methods %v", p.Methods)
	}
	// The challenge is no session.
	c.Token = p.Challenge
	c.Do(http.MethodGet, mePath, nil).Expect(t, http.StatusUnauthorized)
	c.Token = ""
	c.Do(http.MethodPost, "/api/v1/auth/refresh", map[string]string{}).Expect(t, http.StatusUnauthorized)

	pr := c.Do(http.MethodPost, secondStepPath, map[string]string{"challenge": p.Challenge, "code": "123456"}).
		Expect(t, http.StatusUnauthorized).Problem(t)
	if pr.Code != twofactor.CodeInvalidCode || pr.Detail != twofactor.MsgInvalidCode {
		t.Fatalf("wrong code: %+v", pr)
	}
	var s at.Session
	r := c.Do(http.MethodPost, secondStepPath, map[string]string{"challenge": p.Challenge, "code": code(app, secret),
		"token_transport": "cookie"}).Expect(t, http.StatusOK)
	r.JSON(t, &s)
	if s.AccessToken == "" || s.RefreshToken != "" || !strings.Contains(r.Header.Get("Set-Cookie"), "social_refresh=") {
		t.Fatalf("session %+v, cookie %q", s, r.Header.Get("Set-Cookie"))
	}
	c.Token = s.AccessToken
	c.Do(http.MethodGet, mePath, nil).Expect(t, http.StatusOK)

	// The challenge was used once.
	app.Client().Do(http.MethodPost, secondStepPath, map[string]string{"challenge": p.Challenge, "code": code(app, secret)}).
		Expect(t, http.StatusUnauthorized)

	// A recovery code works once.
	p = signInPending(t, app.Client(), m.Email, at.Password)
	app.Client().Do(http.MethodPost, secondStepPath, map[string]string{"challenge": p.Challenge, "recovery_code": recovery[0]}).
		Expect(t, http.StatusOK)
	p = signInPending(t, app.Client(), m.Email, at.Password)
	app.Client().Do(http.MethodPost, secondStepPath, map[string]string{"challenge": p.Challenge, "recovery_code": recovery[0]}).
		Expect(t, http.StatusUnauthorized)

	// A wrong password is still a wrong password, with no challenge.
	app.Client().Do(http.MethodPost, signInPath, map[string]string{"email": m.Email, "password": "Errada123"}).
		Expect(t, http.StatusUnauthorized)
}

func TestWrongCodesAreLimitedPerAccountAcrossChallenges(t *testing.T) {
	t.Parallel()
	app := at.Start(t, func(c *config.Config) { c.Limits.SignInPerEmail, c.Limits.SignInPerIP = 100, 100 })
	m := app.Member("bia")
	secret, _ := enrol(t, app, m)
	for i := range twofactor.MaxFailures {
		p := signInPending(t, app.Client(), m.Email, at.Password)
		app.Client().Do(http.MethodPost, secondStepPath, map[string]string{"challenge": p.Challenge, "code": "111111"}).
			Expect(t, http.StatusUnauthorized)
		_ = i
	}
	p := signInPending(t, app.Client(), m.Email, at.Password)
	pr := app.Client().Do(http.MethodPost, secondStepPath, map[string]string{"challenge": p.Challenge, "code": code(app, secret)}).
		Expect(t, http.StatusTooManyRequests).Problem(t)
	if pr.Code != "rate_limited" || pr.Detail != twofactor.MsgWaitSecondStep {
		t.Fatalf("past the limit: %+v", pr)
	}
	app.Clock.Advance(twofactor.FailureWindow)
	p = signInPending(t, app.Client(), m.Email, at.Password)
	app.Client().Do(http.MethodPost, secondStepPath, map[string]string{"challenge": p.Challenge, "code": code(app, secret)}).
		Expect(t, http.StatusOK)
}

func TestPasswordResetDoesNotBypassTheSecondStep(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	m := app.Member("caio")
	enrol(t, app, m)
	app.Client().Do(http.MethodPost, "/api/v1/auth/password/forgot", map[string]string{"email": m.Email}).Expect(t, http.StatusAccepted)
	token := app.LatestToken(m.Email, at.ResetSubject)
	app.Client().Do(http.MethodPost, "/api/v1/auth/password/reset", map[string]string{"token": token,
		"password": "NovaSenha1", "password_confirmation": "NovaSenha1"}).Expect(t, http.StatusOK)
	signInPending(t, app.Client(), m.Email, "NovaSenha1")
}

func TestManagingTheSecondStepMailsEveryChange(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	m := app.Member("duda")
	secret, _ := enrol(t, app, m)
	var codes struct {
		RecoveryCodes []string `json:"recovery_codes"`
	}
	m.Do(http.MethodPost, "/api/v1/auth/two-factor/recovery-codes", nil).Expect(t, http.StatusOK).JSON(t, &codes)
	if len(codes.RecoveryCodes) != 10 {
		t.Fatalf("codes %v", codes)
	}
	var st struct {
		TOTPEnabled       bool  `json:"totp_enabled"`
		RecoveryCodesLeft int   `json:"recovery_codes_left"`
		Passkeys          []any `json:"passkeys"`
	}
	m.Do(http.MethodGet, "/api/v1/auth/two-factor", nil).Expect(t, http.StatusOK).JSON(t, &st)
	if !st.TOTPEnabled || st.RecoveryCodesLeft != 10 || st.Passkeys == nil {
		t.Fatalf("status %+v", st)
	}
	m.Do(http.MethodPost, "/api/v1/auth/two-factor/totp/disable", map[string]string{"code": "000000"}).
		Expect(t, http.StatusUnprocessableEntity)
	m.Do(http.MethodPost, "/api/v1/auth/two-factor/totp/disable", map[string]string{"code": code(app, secret)}).
		Expect(t, http.StatusNoContent)
	m.Do(http.MethodGet, "/api/v1/auth/two-factor", nil).Expect(t, http.StatusOK).JSON(t, &st)
	if st.TOTPEnabled || st.RecoveryCodesLeft != 0 {
		t.Fatalf("status after turning off %+v", st)
	}
	var security []string
	for _, mail := range app.Mails(m.Email) {
		if strings.Contains(mail.Subject, securitySubj) {
			security = append(security, mail.BodyText)
		}
	}
	// Newest first.
	if len(security) != 3 || !strings.Contains(security[2], "foi ativada") || !strings.Contains(security[1], "códigos de recuperação") ||
		!strings.Contains(security[0], "desativada") {
		t.Fatalf("security mails %q", security)
	}
	// With the app off, sign-in is one step again.
	app.Client().SignIn(m.Email, at.Password)
}

func TestSecondStepOperationsNeedASession(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	c := app.Client()
	codeBody := map[string]any{"code": "123456"}
	for _, op := range []struct {
		method, path string
		body         any
	}{
		{http.MethodGet, "/api/v1/auth/two-factor", nil},
		{http.MethodPost, "/api/v1/auth/two-factor/totp", nil},
		{http.MethodPost, "/api/v1/auth/two-factor/totp/confirm", codeBody},
		{http.MethodPost, "/api/v1/auth/two-factor/totp/disable", codeBody},
		{http.MethodPost, "/api/v1/auth/two-factor/recovery-codes", nil},
		{http.MethodPost, "/api/v1/auth/passkeys/registration-options", nil},
		{http.MethodPost, "/api/v1/auth/passkeys", map[string]any{"ceremony": "x", "credential": map[string]any{}}},
		{http.MethodDelete, "/api/v1/auth/passkeys/0190b6a0-0000-7000-8000-000000000000", nil},
	} {
		c.Do(op.method, op.path, op.body).Expect(t, http.StatusUnauthorized)
	}
}

// A session opened by the second step makes its browser a known device, as
// a password sign-in does: its right password then passes the limits an
// attacker's failures filled at the same address, and reaches the second
// step instead of 429.
func TestTheSecondStepMakesItsBrowserAKnownDevice(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	m := app.Member("lia_conhecida")
	secret, _ := enrol(t, app, m)

	owner := app.Client()
	p := signInPending(t, owner, m.Email, at.Password)
	r := owner.Do(http.MethodPost, secondStepPath, map[string]string{"challenge": p.Challenge, "code": code(app, secret)}).
		Expect(t, http.StatusOK)
	if !strings.Contains(strings.Join(r.Header.Values("Set-Cookie"), "\n"), "social_device=") {
		t.Fatalf("the second step set no known-device cookie: %q", r.Header.Values("Set-Cookie"))
	}

	attacker := app.Client()
	attacker.IP = owner.IP
	wrong := map[string]string{"email": m.Email, "password": "Errada123"}
	for range app.Config.Limits.SignInPerIP + 1 {
		attacker.Do(http.MethodPost, signInPath, wrong)
	}
	right := map[string]string{"email": m.Email, "password": at.Password}
	attacker.Do(http.MethodPost, signInPath, right).Expect(t, http.StatusTooManyRequests)
	signInPending(t, owner, m.Email, at.Password)
}
