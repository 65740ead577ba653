package httpapi_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	at "social/tests/testkit/apptest"
)

const (
	forgotPath = "/api/v1/auth/password/forgot"
	resetPath  = "/api/v1/auth/password/reset"
	mePath     = "/api/v1/profiles/me"
)

func TestPasswordRecoveryEndsEverySession(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	m := app.Member("hugo")
	other := app.Client()
	otherSession := other.SignIn("hugo@example.com", at.Password)
	const requested = "Se o email estiver cadastrado, enviamos um link para redefinir a senha."

	var body struct{ Message string }
	app.Client().Do(http.MethodPost, forgotPath, map[string]string{"email": "ninguem@example.com"}).Expect(t, http.StatusAccepted).JSON(t, &body)
	if body.Message != requested || len(app.Mails("ninguem@example.com")) != 0 {
		t.Fatalf("unknown e-mail: %q", body.Message)
	}
	app.Client().Do(http.MethodPost, forgotPath, map[string]string{"email": "HUGO@example.com"}).Expect(t, http.StatusAccepted).JSON(t, &body)
	if body.Message != requested {
		t.Fatalf("message = %q", body.Message)
	}
	app.LatestToken("hugo@example.com", at.ResetSubject) // the job has mailed it
	mails := app.Mails("hugo@example.com")
	if !strings.Contains(mails[0].Subject, at.ResetSubject) || !strings.Contains(mails[0].BodyText, app.Config.HTTP.PublicURL+"/auth/reset?token=") {
		t.Fatalf("reset mail: %+v", mails[0])
	}
	// A second request within a minute sends nothing (and says the same).
	app.Client().Do(http.MethodPost, forgotPath, map[string]string{"email": "hugo@example.com"}).Expect(t, http.StatusAccepted)
	if n := len(app.Mails("hugo@example.com")); n != len(mails) {
		t.Fatalf("second request sent mail: %d mails, had %d", n, len(mails))
	}
	token := app.LatestToken("hugo@example.com", at.ResetSubject)

	c := app.Client()
	reset := func(token, pw, confirmation string) *at.Response {
		return c.Do(http.MethodPost, resetPath, map[string]string{"token": token, "password": pw, "password_confirmation": confirmation})
	}
	p := reset(token, "fraca", "fraca").Expect(t, http.StatusUnprocessableEntity).Problem(t)
	if p.Code != "invalid_input" || p.Field("password") != "Senha deve ter pelo menos 8 caracteres" {
		t.Fatalf("weak password: %+v", p)
	}
	p = reset(token, "NovaSenha1", "NovaSenha2").Expect(t, http.StatusUnprocessableEntity).Problem(t)
	if p.Field("password_confirmation") != "As senhas não coincidem." {
		t.Fatalf("mismatch: %+v", p)
	}
	p = reset("nope", "NovaSenha1", "NovaSenha1").Expect(t, http.StatusBadRequest).Problem(t)
	if p.Code != "invalid_token" || p.Detail != "Link inválido ou expirado." {
		t.Fatalf("bad token: %+v", p)
	}
	// The confirmation token is no reset token.
	reset(app.LatestToken("hugo@example.com", at.ConfirmSubject), "NovaSenha1", "NovaSenha1").Expect(t, http.StatusBadRequest)

	reset(token, "NovaSenha1", "NovaSenha1").Expect(t, http.StatusOK).JSON(t, &body)
	if body.Message != "Senha redefinida. Entre com a nova senha." {
		t.Fatalf("message = %q", body.Message)
	}
	reset(token, "OutraSenha1", "OutraSenha1").Expect(t, http.StatusBadRequest)

	// Every session ended: access tokens and refresh tokens alike.
	m.Do(http.MethodGet, mePath, nil).Expect(t, http.StatusUnauthorized)
	other.Do(http.MethodPost, refreshPath, map[string]string{"refresh_token": otherSession.RefreshToken}).Expect(t, http.StatusUnauthorized)
	app.Client().Do(http.MethodPost, signInPath, map[string]string{"email": "hugo@example.com", "password": at.Password}).
		Expect(t, http.StatusUnauthorized)
	app.Client().SignIn("hugo@example.com", "NovaSenha1")
}

func TestPasswordResetLinkExpiresAndConfirms(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	c := app.Client()
	// Never confirmed: following a reset link proves the address too.
	c.Do(http.MethodPost, signUpPath, at.SignUpForm("ines@example.com", "ines")).Expect(t, http.StatusCreated)
	c.Do(http.MethodPost, forgotPath, map[string]string{"email": "ines@example.com"}).Expect(t, http.StatusAccepted)
	expired := app.LatestToken("ines@example.com", at.ResetSubject)
	app.Clock.Advance(time.Hour + time.Second)
	c.Do(http.MethodPost, resetPath, map[string]string{"token": expired, "password": "NovaSenha1", "password_confirmation": "NovaSenha1"}).
		Expect(t, http.StatusBadRequest)

	c.Do(http.MethodPost, forgotPath, map[string]string{"email": "ines@example.com"}).Expect(t, http.StatusAccepted)
	// The mail is a job's: wait for the second link.
	token := expired
	for deadline := time.Now().Add(10 * time.Second); token == expired && time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		token = app.LatestToken("ines@example.com", at.ResetSubject)
	}
	if token == expired {
		t.Fatal("same token twice")
	}
	c.Do(http.MethodPost, resetPath, map[string]string{"token": token, "password": "NovaSenha1", "password_confirmation": "NovaSenha1"}).
		Expect(t, http.StatusOK)
	app.Client().SignIn("ines@example.com", "NovaSenha1")
}
