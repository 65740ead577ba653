package domain_test

import (
	"testing"

	"social/core/domain"
)

func TestDisplayNameThatLooksBlankIsEmpty(t *testing.T) {
	t.Parallel()
	blank := map[string]string{
		"braille blank":            "\u2800",
		"braille blanks and space": "\u2800 \u2800",
		"lone combining acute":     "\u0301",
		"combining marks only":     "\u0301\u0308\u20DD",
		"zero-width characters":    "\u200B\u200C\u200D\u2060",
		"hangul filler":            "\u3164",
		"hangul choseong filler":   "\u115F",
		"hangul jungseong filler":  "\u1160",
		"halfwidth hangul filler":  "\uFFA0",
		"fillers and braille":      "\u3164\u2800\uFFA0",
		"ideographic space":        "\u3000",
		"private use":              "\uE000",
	}
	for name, in := range blank {
		cleaned := domain.CleanDisplayName(in)
		if got := domain.DisplayNameProblem(cleaned); got != domain.MsgDisplayNameEmpty {
			t.Errorf("%s %q (cleaned %q): problem %q, want %q", name, in, cleaned, got, domain.MsgDisplayNameEmpty)
		}
	}
	visible := []string{"Ana", "José", "李", "7", "🙂", "!", "Ana\u2800", "e\u0301", "👩‍💻"}
	for _, in := range visible {
		if got := domain.DisplayNameProblem(domain.CleanDisplayName(in)); got != "" {
			t.Errorf("%q: problem %q, want none", in, got)
		}
	}
}

func TestNameSkeletonFoldsLookalikes(t *testing.T) {
	t.Parallel()
	cases := map[string]string{
		"admin":                           "admin",
		"Admin":                           "admin",
		"\u0430dmin":                      "admin",     // Cyrillic а
		"АDMIN":                           "admin",     // Cyrillic А
		"m\u03bfderador":                  "moderador", // Greek omicron
		"ＡＤＭＩＮ":                           "admin",     // fullwidth
		"ｓｕｐｏｒｔｅ":                         "suporte",
		"ad_min":                          "admin",
		"a.d.m.i.n":                       "admin",
		"Ádmin":                           "admin",
		"s\u0473cial":                     "s\u0473cial", // Cyrillic fita is no o
		"\u0455\u043e\u0441\u0456\u0430l": "social",      // all Cyrillic but the l
		"equ1pe":                          "equlpe",
		"0ficial":                         "oficial",
		"staff\u200b":                     "staff",
		"Maria Souza":                     "mariasouza",
	}
	for in, want := range cases {
		if got := domain.NameSkeleton(in); got != want {
			t.Errorf("NameSkeleton(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestImpersonatesReservedWordsAndStaffNames(t *testing.T) {
	t.Parallel()
	staff := map[string]bool{domain.NameSkeleton("Carla Moderadora"): true, domain.NameSkeleton("carla_mod"): true}
	refused := []string{
		"admin", "ADMIN", "\u0430dmin", "adm\u0456n", "m\u03bfderador", "Moderator", "ＳＵＰＯＲＴＥ",
		"support", "Social", "staff", "Equipe", "oficial", "0ficial", "administrador", "Suporte ",
		"C\u0430rla Moderadora", "CARLA MODERADORA", "carla_mod", "c\u0430rla_m\u03bfd", "Ｃａｒｌａ Ｍｏｄｅｒａｄｏｒａ",
	}
	for _, in := range refused {
		if !domain.Impersonates(in, staff) {
			t.Errorf("%q passes for a reserved or staff name, want refused", in)
		}
	}
	allowed := []string{"Ana", "adminha", "socialite", "equipe_azul", "Carla", "moderadora", "suporte tecnico", "😀", ""}
	for _, in := range allowed {
		if domain.Impersonates(in, staff) {
			t.Errorf("%q refused, want allowed", in)
		}
	}
}
