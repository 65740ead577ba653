package httpapi_test

import (
	"context"
	"net/http"
	"testing"

	"social/core/domain"
	at "social/tests/testkit/apptest"
)

// A display name must show something: one made only of characters drawn
// as blank (the Braille blank, Hangul fillers, a lone accent, format
// characters) is empty. A name or handle that looks like a reserved word
// or like a staff member's (Cyrillic or Greek look-alikes, fullwidth
// letters, case and separators aside) is refused with name_reserved.
// Nothing is stored for either.
func TestSignUpRefusesBlankAndImpersonatingNames(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	app.Staff("carla_mod", domain.RoleModerator) // display name "Membro carla_mod"
	const (
		empty       = "Nome não pode estar vazio após limpeza"
		nameTaken   = "Este nome é reservado ou se parece com o nome de alguém da equipe. Escolha outro."
		handleTaken = "Este nome de usuário é reservado ou se parece com o de alguém da equipe. Escolha outro."
	)
	cases := []struct {
		label, name, handle, code, field, msg string
	}{
		{"braille blank", "\u2800", "bia", "invalid_input", "display_name", empty},
		{"braille blanks and spaces", "\u2800 \u2800\u2800", "bia", "invalid_input", "display_name", empty},
		{"lone combining mark", "\u0301", "bia", "invalid_input", "display_name", empty},
		{"hangul fillers", "\u3164\u115F\u1160\uFFA0", "bia", "invalid_input", "display_name", empty},
		{"format characters only", "\u200D\u2061\u00AD", "bia", "invalid_input", "display_name", empty},
		{"reserved handle", "Bia", "admin", "name_reserved", "handle", handleTaken},
		{"reserved handle with separator", "Bia", "suporte_", "name_reserved", "handle", handleTaken},
		{"handle of a moderator's name", "Bia", "membro_carla_mod", "name_reserved", "handle", handleTaken},
		{"cyrillic a in admin", "\u0430dmin", "bia", "name_reserved", "display_name", nameTaken},
		{"greek omicron in moderador", "M\u03bfderador", "bia", "name_reserved", "display_name", nameTaken},
		{"fullwidth letters", "ＳＴＡＦＦ", "bia", "name_reserved", "display_name", nameTaken},
		{"mixed scripts of a moderator's handle", "c\u0430rla_m\u03bfd", "bia", "name_reserved", "display_name", nameTaken},
		{"a moderator's display name", "MEMBRO CARLA MOD", "bia", "name_reserved", "display_name", nameTaken},
	}
	for _, tc := range cases {
		form := at.SignUpForm("bia@example.com", tc.handle)
		form["display_name"] = tc.name
		p := app.Client().Do(http.MethodPost, signUpPath, form).Expect(t, http.StatusUnprocessableEntity).Problem(t)
		if p.Code != tc.code || p.Field(tc.field) != tc.msg || len(p.Errors) != 1 {
			t.Errorf("%s: problem %+v, want %s on %s: %q", tc.label, p, tc.code, tc.field, tc.msg)
		}
	}
	var n int
	if err := app.DB.NewRaw(`SELECT count(*) FROM accounts WHERE email = 'bia@example.com'`).Scan(context.Background(), &n); err != nil {
		t.Fatal(err)
	}
	if n != 0 || len(app.Mails("bia@example.com")) != 0 {
		t.Fatalf("a refused sign-up stored %d accounts or sent mail", n)
	}
	// An ordinary name close to a reserved word is fine.
	form := at.SignUpForm("bia@example.com", "bia_suporte")
	form["display_name"] = "Adminha \u2800"
	app.Client().Do(http.MethodPost, signUpPath, form).Expect(t, http.StatusCreated)
}
