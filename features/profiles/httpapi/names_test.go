package httpapi_test

import (
	"net/http"
	"testing"
	"time"

	"social/core/domain"
	at "social/tests/testkit/apptest"
)

// A member cannot edit their display name into one that looks blank or
// that passes for a reserved word or a staff member's handle or name; the
// profile keeps its name. Staff members may use such names.
func TestProfileUpdateRefusesBlankAndImpersonatingNames(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	staff := app.Staff("carla_mod", domain.RoleModerator)
	m := app.Member("rosa")
	const (
		empty    = "Nome não pode estar vazio após limpeza"
		reserved = "Este nome é reservado ou se parece com o nome de alguém da equipe. Escolha outro."
	)
	cases := []struct{ label, name, code, msg string }{
		{"braille blank", "\u2800", "invalid_input", empty},
		{"lone combining mark", "\u0301", "invalid_input", empty},
		{"hangul filler", "\u3164", "invalid_input", empty},
		{"halfwidth hangul filler", "\uFFA0", "invalid_input", empty},
		{"invisible characters", "\u200B\u2063\uFE0F", "invalid_input", empty},
		{"cyrillic a in admin", "\u0430dmin", "name_reserved", reserved},
		{"greek omicron", "Ofici\u03b1l", "name_reserved", reserved},
		{"fullwidth", "Ｓｏｃｉａｌ", "name_reserved", reserved},
		{"a moderator's handle in mixed scripts", "C\u0430rla M\u03bfd", "name_reserved", reserved},
	}
	for _, tc := range cases {
		p := m.Do(http.MethodPatch, mePath, map[string]string{"display_name": tc.name}).
			Expect(t, http.StatusUnprocessableEntity).Problem(t)
		if p.Code != tc.code || p.Field("display_name") != tc.msg {
			t.Errorf("%s: problem %+v, want %s %q", tc.label, p, tc.code, tc.msg)
		}
	}
	var p profile
	m.Do(http.MethodGet, mePath, nil).Expect(t, http.StatusOK).JSON(t, &p)
	if p.DisplayName != "Membro rosa" {
		t.Fatalf("a refused name was stored: %q", p.DisplayName)
	}
	m.Do(http.MethodPatch, mePath, map[string]string{"display_name": "Rosa \u2800 Admin"}).Expect(t, http.StatusOK)
	// Staff may use a reserved word, and their own name does not count
	// against them.
	staff.Do(http.MethodPatch, mePath, map[string]string{"display_name": "Suporte"}).Expect(t, http.StatusOK)
	app.Clock.Advance(time.Minute)
	staff.Do(http.MethodPatch, mePath, map[string]string{"display_name": "Carla Mod"}).Expect(t, http.StatusOK)
	// The staff member's new name is theirs alone.
	app.Clock.Advance(time.Minute)
	m.Do(http.MethodPatch, mePath, map[string]string{"display_name": "Carla Mοd"}).Expect(t, http.StatusUnprocessableEntity)
}
