package httpapi_test

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	at "social/tests/testkit/apptest"
)

func confirmPath(token string) string { return "/api/v1/auth/confirm?token=" + url.QueryEscape(token) }

// A confirmation link signs its account in once, within its day.
func TestConfirmationLinkSignsInOnceAndExpires(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	c := app.Client()
	c.Do(http.MethodPost, signUpPath, at.SignUpForm("bia@example.com", "bia")).Expect(t, http.StatusCreated)
	app.Client().Do(http.MethodPost, signUpPath, at.SignUpForm("caio@example.com", "caio")).Expect(t, http.StatusCreated)

	// Unconfirmed: the password is right, but the account cannot sign in yet.
	p := c.Do(http.MethodPost, signInPath, map[string]string{"email": "bia@example.com", "password": at.Password}).
		Expect(t, http.StatusForbidden).Problem(t)
	if p.Code != "email_not_confirmed" || p.Title != "Erro no login" ||
		p.Detail != "Confirme seu email antes de entrar. Verifique sua caixa de entrada." {
		t.Fatalf("unconfirmed sign-in: %+v", p)
	}
	// ...and a wrong password still says only that.
	p = c.Do(http.MethodPost, signInPath, map[string]string{"email": "bia@example.com", "password": "Errada123"}).
		Expect(t, http.StatusUnauthorized).Problem(t)
	if p.Code != "invalid_credentials" {
		t.Fatalf("unconfirmed, wrong password: %+v", p)
	}

	token := app.LatestToken("bia@example.com", at.ConfirmSubject)
	r := c.Do(http.MethodGet, confirmPath(token), nil).Expect(t, http.StatusSeeOther)
	if loc := r.Header.Get("Location"); loc != "/?sessao=1" {
		t.Fatalf("Location = %q", loc)
	}
	cookie := r.Header.Get("Set-Cookie")
	for _, want := range []string{"social_refresh=", "Path=/api/v1/auth", "HttpOnly", "SameSite=Strict", "Max-Age=2592000"} {
		if !strings.Contains(cookie, want) {
			t.Errorf("Set-Cookie %q lacks %q", cookie, want)
		}
	}
	if strings.Contains(cookie, "Secure") {
		t.Errorf("Secure cookie on an http public URL: %q", cookie)
	}
	// Landing on "/", the SPA restores the session from the cookie.
	var s at.Session
	c.Do(http.MethodPost, "/api/v1/auth/refresh", nil).Expect(t, http.StatusOK).JSON(t, &s)
	if s.User.Handle != "bia" || s.AccessToken == "" || s.RefreshToken != "" {
		t.Fatalf("session after confirmation: %+v", s)
	}

	// The link works once.
	r = app.Client().Do(http.MethodGet, confirmPath(token), nil).Expect(t, http.StatusSeeOther)
	if loc := r.Header.Get("Location"); loc != "/auth?confirmacao=invalida" || r.Header.Get("Set-Cookie") != "" {
		t.Fatalf("second use: Location %q, Set-Cookie %q", loc, r.Header.Get("Set-Cookie"))
	}
	for _, bad := range []string{confirmPath("not-a-token"), "/api/v1/auth/confirm", confirmPath("")} {
		r := app.Client().Do(http.MethodGet, bad, nil).Expect(t, http.StatusSeeOther)
		if loc := r.Header.Get("Location"); loc != "/auth?confirmacao=invalida" {
			t.Errorf("%s: Location %q", bad, loc)
		}
	}
	app.Client().SignIn("bia@example.com", at.Password)

	// A link past its day no longer works.
	expired := app.LatestToken("caio@example.com", at.ConfirmSubject)
	app.Clock.Advance(24*time.Hour + time.Second)
	r = app.Client().Do(http.MethodGet, confirmPath(expired), nil).Expect(t, http.StatusSeeOther)
	if loc := r.Header.Get("Location"); loc != "/auth?confirmacao=invalida" {
		t.Fatalf("expired link: Location %q", loc)
	}
}

func TestResendConfirmationHasACoolDown(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	c := app.Client()
	const sent = "Se o email estiver cadastrado e ainda não confirmado, enviamos um novo link."
	resend := func(email string) *at.Response {
		return c.Do(http.MethodPost, "/api/v1/auth/confirm/resend", map[string]string{"email": email})
	}
	var body struct{ Message string }
	resend("nobody@example.com").Expect(t, http.StatusAccepted).JSON(t, &body)
	if body.Message != sent {
		t.Fatalf("message = %q", body.Message)
	}

	c.Do(http.MethodPost, signUpPath, at.SignUpForm("duda@example.com", "duda")).Expect(t, http.StatusCreated)
	// The sign-up's own e-mail starts the cool-down.
	p := resend("duda@example.com").Expect(t, http.StatusTooManyRequests).Problem(t)
	if p.Code != "rate_limited" || p.Title != "Muitas tentativas" || p.Detail != "Aguarde 1 minuto antes de pedir outro email." {
		t.Fatalf("cool-down: %+v", p)
	}
	r := resend("DUDA@example.com").Expect(t, http.StatusTooManyRequests)
	if ra := r.Header.Get("Retry-After"); ra != "60" {
		t.Fatalf("Retry-After = %q, want 60", ra)
	}
	app.Clock.Advance(59 * time.Second)
	if ra := resend("duda@example.com").Expect(t, http.StatusTooManyRequests).Header.Get("Retry-After"); ra != "1" {
		t.Fatalf("Retry-After after 59 s = %q, want 1", ra)
	}
	app.Clock.Advance(time.Second)
	resend("duda@example.com").Expect(t, http.StatusAccepted)
	if n := len(app.Mails("duda@example.com")); n != 2 {
		t.Fatalf("%d mails, want 2", n)
	}
	resend("duda@example.com").Expect(t, http.StatusTooManyRequests)

	// The new link confirms; a confirmed account gets the same answer and no mail.
	tok := app.LatestToken("duda@example.com", at.ConfirmSubject)
	c.Do(http.MethodGet, confirmPath(tok), nil).Expect(t, http.StatusSeeOther)
	app.Clock.Advance(time.Minute)
	resend("duda@example.com").Expect(t, http.StatusAccepted)
	if n := len(app.Mails("duda@example.com")); n != 2 {
		t.Fatalf("%d mails after confirming, want still 2", n)
	}
	if _, err := strconv.Atoi(r.Header.Get("Retry-After")); err != nil {
		t.Fatal(err)
	}
}
