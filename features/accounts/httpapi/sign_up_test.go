package httpapi_test

import (
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"social/tests/testkit"
	at "social/tests/testkit/apptest"
)

func TestMain(m *testing.M) { testkit.Main(m) }

const (
	signUpPath = "/api/v1/auth/sign-up"
	signInPath = "/api/v1/auth/sign-in"
)

// A refused sign-up answers its problem: 422 with the texts of the form and
// the field's own message (every rule's message is the use case's unit
// test), 422 naming any field the form does not have, and 409 for a taken
// e-mail or handle, which the unique indexes decide even for racing
// sign-ups. Nothing refused is mailed.
func TestSignUpRefusalsAnswerTheirProblems(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	c := app.Client()

	bad := at.SignUpForm("ana@example.com", "ana")
	bad["email"] = "ana.example.com"
	p := c.Do(http.MethodPost, signUpPath, bad).Expect(t, http.StatusUnprocessableEntity).Problem(t)
	if p.Code != "invalid_input" || p.Title != "Dados inválidos" || p.Detail != "Por favor, corrija os erros antes de continuar." ||
		p.Field("email") != "Email inválido" || len(p.Errors) != 1 {
		t.Errorf("an invalid e-mail: %+v", p)
	}
	for _, extra := range []string{"role", "is_verified", "confirmed_at", "id"} {
		f := map[string]any{"email": "extra@example.com", "password": at.Password, "password_confirmation": at.Password,
			"display_name": "Extra", "handle": "extra", extra: "admin"}
		p := c.Do(http.MethodPost, signUpPath, f).Expect(t, http.StatusUnprocessableEntity).Problem(t)
		if p.Field(extra) == "" {
			t.Errorf("%s: %+v", extra, p)
		}
	}
	if mails := app.Mails("ana@example.com"); len(mails) != 0 {
		t.Fatalf("refused sign-ups sent mail: %+v", mails)
	}

	app.Client().Do(http.MethodPost, signUpPath, at.SignUpForm("joao@example.com", "joao")).Expect(t, http.StatusCreated)
	p = app.Client().Do(http.MethodPost, signUpPath, at.SignUpForm("JOAO@Example.COM", "joao2")).Expect(t, http.StatusConflict).Problem(t)
	if p.Code != "email_taken" || p.Detail != "Este email já está cadastrado. Tente fazer login." {
		t.Errorf("same e-mail, other case: %+v", p)
	}
	p = app.Client().Do(http.MethodPost, signUpPath, at.SignUpForm("joao2@example.com", "joao")).Expect(t, http.StatusConflict).Problem(t)
	if p.Code != "handle_taken" || p.Detail != "Este nome de usuário já está em uso." || p.Field("handle") != "Este nome de usuário já está em uso." {
		t.Errorf("same handle: %+v", p)
	}

	// Racing sign-ups for one handle: the unique index lets one through.
	const n = 8
	statuses := make([]int, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			statuses[i] = app.Client().Do(http.MethodPost, signUpPath,
				at.SignUpForm("race"+string(rune('a'+i))+"@example.com", "race_handle")).Status
		}()
	}
	wg.Wait()
	created := 0
	for _, s := range statuses {
		switch s {
		case http.StatusCreated:
			created++
		case http.StatusConflict:
		default:
			t.Errorf("racing sign-up answered %d", s)
		}
	}
	if created != 1 {
		t.Fatalf("%d racing sign-ups created the handle, want 1 (%v)", created, statuses)
	}
	var accounts int
	if err := app.DB.NewRaw("SELECT count(*) FROM accounts").Scan(t.Context(), &accounts); err != nil {
		t.Fatal(err)
	}
	if accounts != 2 {
		t.Fatalf("%d accounts stored, want 2 (no account without its profile)", accounts)
	}
}

func TestSignUpStoresCleanedValuesAndQueuesTheConfirmation(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	c := app.Client()
	f := at.SignUpForm("  Maria.Silva@Example.com ", "maria_silva")
	f["display_name"] = "  Maria \t Silva\u0001\u200c "
	r := c.Do(http.MethodPost, signUpPath, f).Expect(t, http.StatusCreated)
	var body struct{ Message string }
	r.JSON(t, &body)
	if body.Message != "Verifique seu email para confirmar a conta." {
		t.Fatalf("message = %q", body.Message)
	}

	var p struct {
		DisplayName string `json:"display_name"`
		Bio         *string
		IsVerified  bool `json:"is_verified"`
	}
	c.Do(http.MethodGet, "/api/v1/profiles/maria_silva", nil).Expect(t, http.StatusOK).JSON(t, &p)
	if p.DisplayName != "Maria Silva" || p.Bio != nil || p.IsVerified {
		t.Fatalf("profile = %+v", p)
	}

	mails := app.Mails("maria.silva@example.com")
	if len(mails) != 1 || mails[0].To != "Maria.Silva@Example.com" || !strings.Contains(mails[0].Subject, at.ConfirmSubject) {
		t.Fatalf("outbox = %+v", mails)
	}
	if !strings.Contains(mails[0].BodyText, app.Config.HTTP.PublicURL+"/api/v1/auth/confirm?token=") ||
		!strings.Contains(mails[0].BodyText, "Olá, Maria Silva!") {
		t.Fatalf("mail body = %s", mails[0].BodyText)
	}
	// The mail.deliver job logs it (no SMTP server configured) and marks it.
	deadline := time.Now().Add(15 * time.Second)
	for app.Mails("maria.silva@example.com")[0].Status != "logged" {
		if time.Now().After(deadline) {
			t.Fatalf("mail never delivered: %+v", app.Mails("maria.silva@example.com"))
		}
		time.Sleep(50 * time.Millisecond)
	}

	var hash string
	if err := app.DB.NewRaw("SELECT password_hash FROM accounts").Scan(t.Context(), &hash); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(hash, "$argon2id$") || strings.Contains(hash, at.Password) {
		t.Fatalf("stored password = %q", hash)
	}
}
