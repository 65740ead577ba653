package httpapi_test

import (
	"net/http"
	"strings"
	"testing"

	"social/config"
	at "social/tests/testkit/apptest"
)

func TestSignInAnswersAlikeForUnknownEmailAndWrongPassword(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	app.Member("edu")
	unknown := app.Client().Do(http.MethodPost, signInPath, map[string]string{"email": "ninguem@example.com", "password": at.Password}).
		Expect(t, http.StatusUnauthorized)
	wrong := app.Client().Do(http.MethodPost, signInPath, map[string]string{"email": "edu@example.com", "password": "Errada123"}).
		Expect(t, http.StatusUnauthorized)
	pu, pw := unknown.Problem(t), wrong.Problem(t)
	if pu.Code != "invalid_credentials" || pu.Title != "Erro no login" || pu.Detail != "Email ou senha incorretos." {
		t.Fatalf("unknown e-mail: %+v", pu)
	}
	pu.RequestID, pw.RequestID = "", ""
	if strings.Replace(string(unknown.Body), unknown.Header.Get("X-Request-Id"), "", 1) !=
		strings.Replace(string(wrong.Body), wrong.Header.Get("X-Request-Id"), "", 1) {
		t.Fatalf("answers differ:\n%s\n%s", unknown.Body, wrong.Body)
	}
	for _, h := range []string{"Content-Type", "Set-Cookie", "Retry-After", "Www-Authenticate"} {
		if unknown.Header.Get(h) != wrong.Header.Get(h) {
			t.Errorf("header %s differs: %q vs %q", h, unknown.Header.Get(h), wrong.Header.Get(h))
		}
	}
	// An absurdly long password is just wrong.
	app.Client().Do(http.MethodPost, signInPath, map[string]string{"email": "edu@example.com", "password": strings.Repeat("A1a", 10000)}).
		Expect(t, http.StatusUnauthorized)
	// E-mails are compared case-insensitively.
	app.Client().SignIn("  EDU@Example.com", at.Password)
}

func TestSignInTransports(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	app.Member("fabi")

	api := app.Client()
	r := api.Do(http.MethodPost, signInPath, map[string]string{"email": "fabi@example.com", "password": at.Password}).Expect(t, http.StatusOK)
	var s at.Session
	r.JSON(t, &s)
	// The body transport sets no refresh cookie; only the known-device one.
	if cookies := r.Header.Values("Set-Cookie"); s.RefreshToken == "" || len(cookies) != 1 ||
		!strings.HasPrefix(cookies[0], "social_device=") {
		t.Fatalf("body transport: refresh %q, Set-Cookie %q", s.RefreshToken, cookies)
	}
	if s.User.Email != "fabi@example.com" || s.User.Handle != "fabi" || s.User.DisplayName != "Membro fabi" ||
		s.User.Role != "member" || s.User.AvatarURL != nil || s.User.ID == "" {
		t.Fatalf("user = %+v", s.User)
	}
	if d := s.ExpiresAt.Sub(app.Clock.Now()); d.Minutes() != 15 {
		t.Fatalf("access token lives %v, want 15m", d)
	}
	if !strings.Contains(string(r.Body), `"avatar_url":null`) {
		t.Fatalf("avatar_url must be null: %s", r.Body)
	}

	spa := app.Client()
	r = spa.Do(http.MethodPost, signInPath, map[string]string{"email": "fabi@example.com", "password": at.Password, "token_transport": "cookie"}).
		Expect(t, http.StatusOK)
	var cs at.Session
	r.JSON(t, &cs)
	if cs.RefreshToken != "" || strings.Contains(string(r.Body), "refresh_token") {
		t.Fatalf("cookie transport leaks the refresh token in the body: %s", r.Body)
	}
	cookie := r.Header.Get("Set-Cookie")
	for _, want := range []string{"social_refresh=" + spa.Cookie(), "Path=/api/v1/auth", "HttpOnly", "SameSite=Strict", "Max-Age="} {
		if !strings.Contains(cookie, want) || spa.Cookie() == "" {
			t.Errorf("Set-Cookie %q lacks %q", cookie, want)
		}
	}
	p := app.Client().Do(http.MethodPost, signInPath, map[string]string{"email": "fabi@example.com", "password": at.Password, "token_transport": "url"}).
		Expect(t, http.StatusUnprocessableEntity).Problem(t)
	if p.Field("token_transport") == "" {
		t.Fatalf("unknown transport: %+v", p)
	}
}

func TestSecureCookieOnHTTPS(t *testing.T) {
	t.Parallel()
	app := at.Start(t, func(c *config.Config) { c.HTTP.PublicURL = "https://social.example" })
	app.Member("gil")
	r := app.Client().Do(http.MethodPost, signInPath, map[string]string{"email": "gil@example.com", "password": at.Password, "token_transport": "cookie"}).
		Expect(t, http.StatusOK)
	if !strings.Contains(r.Header.Get("Set-Cookie"), "; Secure") {
		t.Fatalf("Set-Cookie %q lacks Secure", r.Header.Get("Set-Cookie"))
	}
	mails := app.Mails("gil@example.com")
	if !strings.Contains(mails[len(mails)-1].BodyText, "https://social.example/api/v1/auth/confirm?token=") {
		t.Fatalf("link uses http.public_url: %s", mails[0].BodyText)
	}
}
