package domain

import (
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// CleanName is the one rule for every name other members see (display
// names, and the names of what members create in plugins): CleanText's white space and control
// rules, then every default-ignorable code point removed, then NFC.
//
// Default-ignorable code points (Unicode's Default_Ignorable_Code_Point:
// the format characters, category Cf, with the variation selectors, the
// Hangul fillers, U+034F and the rest of Other_Default_Ignorable) are the
// characters a renderer draws as nothing: zero-width spaces and joiners,
// the word joiner and invisible operators (U+2060-U+2064), bidi embeddings,
// overrides and isolates (U+202A-U+202E, U+2066-U+2069), marks (U+200E,
// U+200F, U+061C), the byte order mark, the soft hyphen, tag characters.
// Left in, they make two names that look the same differ, or make a name
// look blank or reversed. Two exceptions keep emoji whole: a zero-width
// joiner between two symbols (👩‍💻) and a text or emoji presentation
// selector (U+FE0E, U+FE0F) right after a symbol (❤️).
//
// NFC last, so that "é" typed as e + U+0301 and as U+00E9 is one name.
func CleanName(s string) string {
	runes := []rune(CleanText(s))
	out := make([]rune, 0, len(runes))
	for i, r := range runes {
		if !defaultIgnorable(r) {
			out = append(out, r)
			continue
		}
		prevSymbol := len(out) > 0 && (isSymbol(out[len(out)-1]) || out[len(out)-1] == 0xFE0F)
		switch {
		case r == 0x200D && prevSymbol && i+1 < len(runes) && isSymbol(runes[i+1]):
			out = append(out, r)
		case (r == 0xFE0E || r == 0xFE0F) && prevSymbol:
			out = append(out, r)
		}
	}
	return norm.NFC.String(string(out))
}

// defaultIgnorable approximates Unicode's derived Default_Ignorable_Code_Point
// from the tables Go has: Cf, variation selectors and
// Other_Default_Ignorable_Code_Point. The Cf characters the derivation
// leaves out (prepended concatenation marks such as U+0600, which show a
// sign) are removed as well: a name has no use for them.
func defaultIgnorable(r rune) bool {
	return unicode.Is(unicode.Cf, r) || unicode.Is(unicode.Variation_Selector, r) ||
		unicode.Is(unicode.Other_Default_Ignorable_Code_Point, r)
}

// isSymbol is a character emoji sequences are built from: symbols (So),
// and skin-tone modifiers (Sk).
func isSymbol(r rune) bool {
	return unicode.Is(unicode.So, r) || unicode.Is(unicode.Sk, r)
}
