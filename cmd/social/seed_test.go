package main

import (
	"context"
	"strings"
	"testing"

	at "social/adapters/http/accountsapi/accountstest"
)

func TestSeedDemoForMember(t *testing.T) {
	app := at.Start(t, nil)
	ana := app.Member("ana")
	t.Setenv("SOCIAL_DATABASE_URL", app.Config.Database.URL)
	t.Setenv("SOCIAL_AUTH_JWT_SECRET", at.Secret)
	out, err := runCLI(t, "seed-demo", "--for", strings.ToUpper(ana.Email))
	if err != nil || !strings.Contains(out, "3 demo posts created") {
		t.Fatalf("seed-demo: %v\n%s", err, out)
	}
	out, err = runCLI(t, "seed-demo", "--for", ana.Email)
	if err != nil || !strings.Contains(out, "already has posts") {
		t.Fatalf("second seed-demo: %v\n%s", err, out)
	}
	var n int
	if err := app.DB.NewRaw("SELECT post_count FROM profiles WHERE id = ?", ana.ID).Scan(context.Background(), &n); err != nil || n != 3 {
		t.Fatalf("post_count = %d, %v", n, err)
	}
	if _, err := runCLI(t, "seed-demo", "--for", "ninguem@example.com"); err == nil || !strings.Contains(err.Error(), "no account") {
		t.Fatalf("unknown e-mail: %v", err)
	}
}
