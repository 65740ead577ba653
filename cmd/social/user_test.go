package main

import (
	"context"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	at "social/tests/testkit/apptest"
)

// The operator's user commands create, promote, demote, suspend and lift,
// each recorded in the audit log with the operator as its author. (That
// seed-demo creates the development administrator only while no
// administrator exists is checked with the demo network.)
func TestUserCommands(t *testing.T) {
	app := at.Start(t, nil)
	ana := app.Member("ana")
	useAppDatabase(t, app)
	run := func(args ...string) string {
		t.Helper()
		out, err := runCLI(t, args...)
		if err != nil {
			t.Fatalf("%v: %v\n%s", args, err, out)
		}
		return out
	}
	out := run("user", "create", "--email", "Chefe@Example.com", "--handle", "chefe", "--role", "admin")
	match := regexp.MustCompile(`password: (\S+)`).FindStringSubmatch(out)
	if !strings.Contains(out, "created Chefe@Example.com (@chefe) as admin") || match == nil {
		t.Fatalf("create: %s", out)
	}
	s := app.Client().SignIn("chefe@example.com", match[1])
	if s.User.Role != "admin" {
		t.Fatalf("created admin signs in as %q", s.User.Role)
	}
	if _, err := runCLI(t, "user", "create", "--email", "x@example.com", "--handle", "ana"); err == nil || !strings.Contains(err.Error(), "handle_taken") {
		t.Fatalf("taken handle: %v", err)
	}
	if _, err := runCLI(t, "user", "create", "--email", "y@example.com", "--handle", "yy", "--password", "curta"); err == nil || !strings.Contains(err.Error(), "password:") {
		t.Fatalf("weak password: %v", err)
	}

	// A node remembers a live session and its role for a few seconds; the
	// command's change reaches it through the database's access notice,
	// moments after the command has finished (the test clock stands
	// still, so nothing else can).
	expectSoon := func(path string, want int) {
		t.Helper()
		deadline := time.Now().Add(5 * time.Second)
		for {
			got := ana.Do(http.MethodGet, path, nil).Status
			if got == want {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("GET %s: %d 5 s after the command, want %d", path, got, want)
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	ana.Do(http.MethodGet, "/api/v1/profiles/me", nil).Expect(t, http.StatusOK) // the session is remembered
	if out := run("user", "promote", ana.Email, "--role", "moderator"); !strings.Contains(out, "member -> moderator") {
		t.Fatalf("promote: %s", out)
	}
	expectSoon("/api/v1/admin/reports", http.StatusOK)
	if out := run("user", "demote", ana.Email); !strings.Contains(out, "moderator -> member") {
		t.Fatalf("demote: %s", out)
	}
	expectSoon("/api/v1/admin/reports", http.StatusForbidden)

	if _, err := runCLI(t, "user", "suspend", ana.Email); err == nil || !strings.Contains(err.Error(), "reason") {
		t.Fatalf("suspend without --reason: %v", err)
	}
	run("user", "suspend", ana.Email, "--reason", "Spam")
	expectSoon("/api/v1/profiles/me", http.StatusUnauthorized)
	app.Client().Do(http.MethodPost, "/api/v1/auth/sign-in", map[string]string{"email": ana.Email, "password": at.Password}).
		Expect(t, http.StatusForbidden)
	run("user", "unsuspend", ana.Email, "--reason", "Engano")
	app.Client().SignIn(ana.Email, at.Password)
	if _, err := runCLI(t, "user", "promote", "ninguem@example.com"); err == nil || !strings.Contains(err.Error(), "no account") {
		t.Fatalf("unknown e-mail: %v", err)
	}

	var rows []struct {
		Action    string  `bun:"action"`
		ActorID   *string `bun:"actor_id"`
		ActorRole string  `bun:"actor_role"`
	}
	if err := app.DB.NewRaw(`SELECT action, actor_id, actor_role FROM audit_log ORDER BY created_at, id`).Scan(context.Background(), &rows); err != nil {
		t.Fatal(err)
	}
	want := []string{"account.create", "account.role", "account.role", "account.suspend", "account.unsuspend"}
	if len(rows) != len(want) {
		t.Fatalf("audit: %+v", rows)
	}
	for i, r := range rows {
		if r.Action != want[i] || r.ActorID != nil || r.ActorRole != "operator" {
			t.Fatalf("audit %d: %+v", i, r)
		}
	}
}
