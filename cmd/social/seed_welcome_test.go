package main

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"social/config"
	"social/kit/demo"
	at "social/tests/testkit/apptest"
)

// The block that ends a development seed-demo names the app's address,
// the demo member's sign-in and the administrator's: the password only
// when this run generated it.
func TestWelcomeBlock(t *testing.T) {
	cfg := &config.Config{}
	cfg.HTTP.PublicURL = "http://localhost:8080/"
	var out bytes.Buffer
	printWelcome(&out, cfg, "Gerada123456")
	block := out.String()
	for _, want := range []string{
		"O Social está pronto em http://localhost:8080/\n",
		"Membro de demonstração\n    e-mail  " + demo.MemberEmail + "\n    senha   " + demo.MemberPassword + "\n",
		"Administração em http://localhost:8080/admin/\n    e-mail  " + DevAdminEmail + "\n    senha   Gerada123456   (mostrada só desta vez: anote-a)\n",
	} {
		if !strings.Contains(block, want) {
			t.Errorf("block without %q:\n%s", want, block)
		}
	}
	if !strings.HasPrefix(strings.TrimLeft(block, "\n"), welcomeRule) || !strings.HasSuffix(strings.TrimSpace(block), welcomeRule) {
		t.Errorf("block not framed:\n%s", block)
	}

	out.Reset()
	printWelcome(&out, cfg, "")
	if !strings.Contains(out.String(), "    senha   a mostrada quando a conta foi criada\n") {
		t.Errorf("block for an existing administrator:\n%s", out.String())
	}
}

// seed-demo run for a member in development makes the development
// administrator and shows its password once, which signs in; a second run
// shows none. In production it makes no administrator and prints no
// password.
func TestSeedDemoShowsTheAdministratorPasswordOnceAndNeverInProduction(t *testing.T) {
	app := at.Start(t, nil)
	ana := app.Member("ana")
	useAppDatabase(t, app)

	t.Setenv("SOCIAL_MODE", "production")
	t.Setenv("SOCIAL_STORAGE_SIGNING_SECRET", strings.Repeat("s", 32))
	t.Setenv("SOCIAL_PUSH_ENABLED", "false")
	out, err := runCLI(t, "seed-demo", "--for", ana.Email)
	if err != nil || strings.Contains(out, DevAdminEmail) || strings.Contains(out, "senha") {
		t.Fatalf("production seed-demo: %v\n%s", err, out)
	}
	if n := queryInt(t, app, `SELECT count(*) FROM accounts WHERE role = 'admin'`); n != 0 {
		t.Fatalf("production seed-demo made %d administrators", n)
	}

	t.Setenv("SOCIAL_MODE", "development")
	out, err = runCLI(t, "seed-demo", "--for", ana.Email)
	match := regexp.MustCompile(`Administração: (\S+) / (\S+) \(mostrada só desta vez`).FindStringSubmatch(out)
	if err != nil || match == nil || match[1] != DevAdminEmail {
		t.Fatalf("development seed-demo: %v\n%s", err, out)
	}
	if s := app.Client().SignIn(DevAdminEmail, match[2]); s.User.Role != "admin" {
		t.Fatalf("administrator role %q", s.User.Role)
	}
	out, err = runCLI(t, "seed-demo", "--for", ana.Email)
	if err != nil || strings.Contains(out, match[2]) || strings.Contains(out, DevAdminEmail) {
		t.Fatalf("second seed-demo: %v\n%s", err, out)
	}
}
