package main

import (
	"regexp"
	"strings"
	"testing"

	at "social/tests/testkit/apptest"
)

// With federation on, the commands build the plugin too (its change
// listener hears what they do), so the operator's user and federation
// commands must find everything the plugin asks for in the commands'
// graph, not only in the server's.
func TestCommandsWithFederationOn(t *testing.T) {
	app := at.Start(t, nil)
	useAppDatabase(t, app)
	t.Setenv("SOCIAL_PLUGINS_FEDERATION_ENABLED", "true")
	t.Setenv("SOCIAL_HTTP_PUBLIC_URL", "http://localhost:8080")
	t.Setenv("SOCIAL_FEDERATION_ALLOW_LOOPBACK_HTTP", "true")

	out, err := runCLI(t, "user", "create", "--email", "fed@example.com", "--handle", "fed")
	if err != nil || !strings.Contains(out, "created fed@example.com (@fed) as member") {
		t.Fatalf("user create with federation on: %v\n%s", err, out)
	}
	out, err = runCLI(t, "federation", "rotate-key", "fed")
	if err != nil || !regexp.MustCompile(`(?s)^@fed \(\S+\): new key made .*BEGIN PUBLIC KEY`).MatchString(out) {
		t.Fatalf("rotate-key: %v\n%s", err, out)
	}
	out, err = runCLI(t, "federation", "rotate-key", "--site")
	if err != nil || !regexp.MustCompile(`(?s)^@site \(00000000-0000-0000-0000-000000000000\): new key made .*BEGIN PUBLIC KEY`).MatchString(out) {
		t.Fatalf("rotate-key --site: %v\n%s", err, out)
	}
	var n int
	if err := app.DB.NewRaw(`SELECT count(*) FROM federation_site_key`).Scan(t.Context(), &n); err != nil || n != 1 {
		t.Fatalf("site keys %d %v", n, err)
	}
}
