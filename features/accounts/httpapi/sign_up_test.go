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

func TestSignUpRefusesEveryRuleWithItsMessage(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	c := app.Client()
	form := func(change func(f map[string]string)) map[string]string {
		f := at.SignUpForm("ana@example.com", "ana")
		change(f)
		return f
	}
	long := strings.Repeat("a", 244) + "@example.com"
	cases := []struct {
		name  string
		form  map[string]string
		field string
		msg   string
	}{
		{"invalid e-mail", form(func(f map[string]string) { f["email"] = "ana.example.com" }), "email", "Email inválido"},
		{"empty e-mail", form(func(f map[string]string) { f["email"] = "" }), "email", "Email inválido"},
		{"e-mail over 255", form(func(f map[string]string) { f["email"] = long }), "email", "Email muito longo"},
		{"short password", form(func(f map[string]string) { f["password"], f["password_confirmation"] = "Ab1", "Ab1" }),
			"password", "Senha deve ter pelo menos 8 caracteres"},
		{"long password", form(func(f map[string]string) {
			p := "Ab1" + strings.Repeat("x", 126)
			f["password"], f["password_confirmation"] = p, p
		}), "password", "Senha deve ter no máximo 128 caracteres"},
		{"weak password", form(func(f map[string]string) { f["password"], f["password_confirmation"] = "abcdefgh1", "abcdefgh1" }),
			"password", "Senha deve conter pelo menos: 1 letra minúscula, 1 maiúscula e 1 número"},
		{"confirmation differs", form(func(f map[string]string) { f["password_confirmation"] = "Senha1234" }),
			"password_confirmation", "As senhas não coincidem."},
		{"name empty after cleaning", form(func(f map[string]string) { f["display_name"] = " \t\n\u0001\u0007\u200b\u2060 " }),
			"display_name", "Nome não pode estar vazio após limpeza"},
		{"name over 50", form(func(f map[string]string) { f["display_name"] = strings.Repeat("é", 51) }),
			"display_name", "Nome deve ter no máximo 50 caracteres"},
		{"handle with capitals", form(func(f map[string]string) { f["handle"] = "Ana" }),
			"handle", "Nome de usuário deve conter apenas letras minúsculas, números e _"},
		{"handle with a dot", form(func(f map[string]string) { f["handle"] = "ana.luz" }),
			"handle", "Nome de usuário deve conter apenas letras minúsculas, números e _"},
		{"short handle", form(func(f map[string]string) { f["handle"] = "an" }),
			"handle", "Nome de usuário deve ter entre 3 e 30 caracteres"},
		{"long handle", form(func(f map[string]string) { f["handle"] = strings.Repeat("a", 31) }),
			"handle", "Nome de usuário deve ter entre 3 e 30 caracteres"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := c.Do(http.MethodPost, signUpPath, tc.form).Expect(t, http.StatusUnprocessableEntity).Problem(t)
			if p.Code != "invalid_input" || p.Title != "Dados inválidos" || p.Detail != "Por favor, corrija os erros antes de continuar." {
				t.Errorf("problem = %+v", p)
			}
			if got := p.Field(tc.field); got != tc.msg {
				t.Errorf("body.%s = %q, want %q (all: %+v)", tc.field, got, tc.msg, p.Errors)
			}
			if len(p.Errors) != 1 {
				t.Errorf("want only body.%s, got %+v", tc.field, p.Errors)
			}
		})
	}

	t.Run("every field at once", func(t *testing.T) {
		p := c.Do(http.MethodPost, signUpPath, map[string]string{"email": "x", "password": "x", "password_confirmation": "y",
			"display_name": " ", "handle": "X"}).Expect(t, http.StatusUnprocessableEntity).Problem(t)
		for _, f := range []string{"email", "password", "password_confirmation", "display_name", "handle"} {
			if p.Field(f) == "" {
				t.Errorf("no message for %s: %+v", f, p.Errors)
			}
		}
	})
	t.Run("no other field is accepted", func(t *testing.T) {
		for _, extra := range []string{"role", "is_verified", "confirmed_at", "id"} {
			f := map[string]any{"email": "extra@example.com", "password": at.Password, "password_confirmation": at.Password,
				"display_name": "Extra", "handle": "extra", extra: "admin"}
			p := c.Do(http.MethodPost, signUpPath, f).Expect(t, http.StatusUnprocessableEntity).Problem(t)
			if p.Field(extra) == "" {
				t.Errorf("%s: %+v", extra, p)
			}
		}
	})
	t.Run("valid boundaries pass", func(t *testing.T) {
		f := at.SignUpForm(strings.Repeat("b", 243)+"@example.com", strings.Repeat("b", 30))
		f["display_name"] = strings.Repeat("é", 50)
		p := "Ab1" + strings.Repeat("x", 125)
		f["password"], f["password_confirmation"] = p, p
		c.Do(http.MethodPost, signUpPath, f).Expect(t, http.StatusCreated)
	})
	if mails := app.Mails("ana@example.com"); len(mails) != 0 {
		t.Fatalf("refused sign-ups sent mail: %+v", mails)
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

func TestSignUpDuplicatesAreConflicts(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	app.Client().Do(http.MethodPost, signUpPath, at.SignUpForm("joao@example.com", "joao")).Expect(t, http.StatusCreated)

	p := app.Client().Do(http.MethodPost, signUpPath, at.SignUpForm("JOAO@Example.COM", "joao2")).Expect(t, http.StatusConflict).Problem(t)
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
