package twofactor_test

import (
	"encoding/base32"
	"net/http"
	"testing"

	"social/config"
	"social/core/domain"
	twofactor "social/features/twofactor/app"
	"social/tests/testkit"
	at "social/tests/testkit/apptest"
)

func production(c *config.Config) {
	c.Mode = config.ModeProduction
	c.Admin.OpenAccess = false
	c.Storage.SigningSecret = "console-gate-test-signing-secret-0123456789"
}

// staffClient is a moderator or administrator made as `social user create`
// would, signed in with the body transport.
func staffClient(t *testing.T, app *at.App, handle string, role domain.Role) *at.Client {
	c := app.Client()
	c.Token = testkit.Staff(t, app.App, handle, role)
	return c
}

// turnOnApp enrols c's authenticator app through the API.
func turnOnApp(t *testing.T, app *at.App, c *at.Client) {
	t.Helper()
	var e struct {
		Secret string `json:"secret"`
	}
	c.Do(http.MethodPost, "/api/v1/auth/two-factor/totp", nil).Expect(t, http.StatusOK).JSON(t, &e)
	secret, err := base32.StdEncoding.WithPadding(base32.NoPadding).DecodeString(e.Secret)
	if err != nil {
		t.Fatal(err)
	}
	c.Do(http.MethodPost, "/api/v1/auth/two-factor/totp/confirm", map[string]string{
		"code": twofactor.TOTPCode(secret, twofactor.TOTPStep(app.Clock.Now()))}).Expect(t, http.StatusOK)
}

func TestTheConsoleIsClosedToStaffWithoutASecondStepInProduction(t *testing.T) {
	t.Parallel()
	app := at.Start(t, production)
	for _, s := range []struct {
		role domain.Role
		path string
	}{
		{domain.RoleAdmin, "/api/v1/admin/stats"},
		{domain.RoleModerator, "/api/v1/admin/reports"},
	} {
		c := staffClient(t, app, "equipe_"+string(s.role), s.role)
		p := c.Do(http.MethodGet, s.path, nil).Expect(t, http.StatusForbidden).Problem(t)
		if p.Code != "second_step_required" ||
			p.Detail != "Para usar o console, ative a verificação em duas etapas (aplicativo autenticador ou passkey) em Configurações." {
			t.Fatalf("%s without a second step: %+v", s.role, p)
		}
		turnOnApp(t, app, c)
		c.Do(http.MethodGet, s.path, nil).Expect(t, http.StatusOK)
	}
	// A member still gets the member's refusal.
	m := staffClient(t, app, "curioso", domain.RoleMember)
	if p := m.Do(http.MethodGet, "/api/v1/admin/stats", nil).Expect(t, http.StatusForbidden).Problem(t); p.Code != "admin_access_closed" {
		t.Fatalf("member: %+v", p)
	}
}

func TestTheConsoleStaysOpenInDevelopment(t *testing.T) {
	t.Parallel()
	app := at.Start(t, func(c *config.Config) { c.Admin.OpenAccess = false })
	c := staffClient(t, app, "chefe", domain.RoleAdmin)
	c.Do(http.MethodGet, "/api/v1/admin/stats", nil).Expect(t, http.StatusOK)
}
