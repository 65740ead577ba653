package main

import (
	"net/http"
	"strings"
	"testing"

	at "social/tests/testkit/apptest"
)

func TestMailList(t *testing.T) {
	app := at.Start(t, nil)
	c := app.Client()
	c.Do(http.MethodPost, "/api/v1/auth/sign-up", at.SignUpForm("lista@example.com", "lista")).Expect(t, http.StatusCreated)
	c.Do(http.MethodPost, "/api/v1/auth/sign-up", at.SignUpForm("outra@example.com", "outra")).Expect(t, http.StatusCreated)
	useAppDatabase(t, app)

	out, err := runCLI(t, "mail", "list", "--to", "LISTA@example.com")
	if err != nil {
		t.Fatalf("mail list: %v\n%s", err, out)
	}
	for _, want := range []string{"To: lista@example.com", "Subject: Confirme seu email", "/api/v1/auth/confirm?token=", "1 of 1 message(s)"} {
		if !strings.Contains(out, want) {
			t.Errorf("mail list lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "outra@example.com") {
		t.Errorf("--to did not filter:\n%s", out)
	}
	out, err = runCLI(t, "mail", "list", "--limit", "1")
	if err != nil || !strings.Contains(out, "outra@example.com") || !strings.Contains(out, "1 of 2 message(s)") {
		t.Fatalf("newest first, limited: %v\n%s", err, out)
	}
	out, err = runCLI(t, "mail", "list", "--to", "ninguem@example.com")
	if err != nil || !strings.Contains(out, "The outbox is empty.") {
		t.Fatalf("empty: %v\n%s", err, out)
	}
	if _, err := runCLI(t, "mail", "list", "--limit", "0"); err == nil || exitCode(err) != 2 {
		t.Fatalf("--limit 0: %v", err)
	}
}
