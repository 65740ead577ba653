package domain_test

import (
	"testing"

	"social/core/domain"
)

func TestCleanNameRemovesInvisibleCharactersAndComposes(t *testing.T) {
	t.Parallel()
	invisible := map[string]rune{
		"zero-width space": 0x200B, "zero-width non-joiner": 0x200C, "zero-width joiner": 0x200D,
		"left-to-right mark": 0x200E, "right-to-left mark": 0x200F, "arabic letter mark": 0x061C,
		"left-to-right embedding": 0x202A, "right-to-left override": 0x202E, "pop directional": 0x202C,
		"word joiner": 0x2060, "function application": 0x2061, "invisible times": 0x2062,
		"invisible separator": 0x2063, "invisible plus": 0x2064,
		"left-to-right isolate": 0x2066, "first strong isolate": 0x2068, "pop isolate": 0x2069,
		"byte order mark": 0xFEFF, "soft hyphen": 0x00AD, "mongolian vowel separator": 0x180E,
		"combining grapheme joiner": 0x034F, "hangul filler": 0x3164, "halfwidth hangul filler": 0xFFA0,
		"variation selector 1": 0xFE00, "variation selector 17": 0xE0100, "tag latin capital a": 0xE0041,
		"interlinear annotation": 0xFFF9,
	}
	for name, r := range invisible {
		in := "An" + string(r) + "a"
		if got := domain.CleanName(in); got != "Ana" {
			t.Errorf("%s (U+%04X): CleanName(%q) = %q, want \"Ana\"", name, r, in, got)
		}
		if got := domain.CleanName(string(r) + "Ana" + string(r)); got != "Ana" {
			t.Errorf("%s (U+%04X) around the name: %q", name, r, got)
		}
	}
	for _, c := range []struct{ in, want string }{
		{"Jose\u0301", "Jos\u00e9"},        // composed
		{"  Ana \t\n Maria ", "Ana Maria"}, // white space as CleanText
		{"\u202eanA", "anA"},               // no reversing
		{"\U0001F469\u200D\U0001F4BB Dev", "\U0001F469\u200D\U0001F4BB Dev"}, // emoji ZWJ sequence kept
		{"\U0001F469\U0001F3FD\u200D\U0001F4BB", "\U0001F469\U0001F3FD\u200D\U0001F4BB"},
		{"\u2764\uFE0F\u200D\U0001F525", "\u2764\uFE0F\u200D\U0001F525"}, // heart on fire
		{"Ana \u2764\uFE0F", "Ana \u2764\uFE0F"},                         // emoji presentation kept
		{"A\uFE0Fna", "Ana"},                                             // selector after a letter
		{"\u200B\u2060\uFEFF", ""},                                       // nothing visible: empty
	} {
		if got := domain.CleanName(c.in); got != c.want {
			t.Errorf("CleanName(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// Every name-like field goes through CleanName.
func TestDisplayNamesAreCleanedAsNames(t *testing.T) {
	t.Parallel()
	if got := domain.CleanDisplayName("A\u2060n\u200Ca\u200D"); got != "Ana" {
		t.Fatalf("CleanDisplayName = %q", got)
	}
}
