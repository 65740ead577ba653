package domain

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// ReservedNames are words no member's name or handle may look like: they
// would pass for the site's own voice.
var ReservedNames = []string{"admin", "administrador", "moderador", "moderator", "suporte", "support",
	"social", "staff", "equipe", "oficial"}

// HasVisibleCharacter reports whether a cleaned name shows something: at
// least one letter, digit, symbol or punctuation mark that is not drawn
// as blank. Combining marks alone, spaces, format characters, the Braille
// blank (U+2800) and the Hangul fillers are not.
func HasVisibleCharacter(s string) bool {
	for _, r := range s {
		if blankLooking(r) || defaultIgnorable(r) {
			continue
		}
		if unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsNumber(r) ||
			unicode.IsSymbol(r) || unicode.IsPunct(r) {
			return true
		}
	}
	return false
}

// blankLooking is a character that is a letter or symbol to Unicode but is
// drawn as empty space.
func blankLooking(r rune) bool {
	switch r {
	case 0x2800, // BRAILLE PATTERN BLANK
		0x115F, 0x1160, // HANGUL CHOSEONG / JUNGSEONG FILLER
		0x3164,         // HANGUL FILLER
		0xFFA0,         // HALFWIDTH HANGUL FILLER
		0x17B4, 0x17B5, // KHMER VOWEL INHERENT AQ / AA
		0x1D159,                // MUSICAL SYMBOL NULL NOTEHEAD
		0x2062, 0x2063, 0x2064: // invisible operators
		return true
	}
	return unicode.Is(unicode.Zs, r) || unicode.Is(unicode.Co, r)
}

// lookalikes maps the Cyrillic, Greek and other letters that are drawn like
// a Latin letter to that letter (lower case). Fullwidth and other
// compatibility forms are folded by NFKC before the table is read.
var lookalikes = map[rune]rune{
	// Cyrillic, lower and upper case
	'а': 'a', 'А': 'a', 'в': 'b', 'В': 'b', 'е': 'e', 'Е': 'e', 'ё': 'e', 'Ё': 'e',
	'к': 'k', 'К': 'k', 'м': 'm', 'М': 'm', 'н': 'h', 'Н': 'h', 'о': 'o', 'О': 'o',
	'р': 'p', 'Р': 'p', 'с': 'c', 'С': 'c', 'т': 't', 'Т': 't', 'у': 'y', 'У': 'y',
	'х': 'x', 'Х': 'x', 'ѕ': 's', 'Ѕ': 's', 'і': 'i', 'І': 'i', 'ї': 'i', 'Ї': 'i',
	'ј': 'j', 'Ј': 'j', 'ԁ': 'd', 'Ԁ': 'd', 'һ': 'h', 'Һ': 'h', 'ӏ': 'l', 'Ӏ': 'l',
	'ԛ': 'q', 'Ԛ': 'q', 'ԝ': 'w', 'Ԝ': 'w', 'ɡ': 'g', 'ս': 'u', 'օ': 'o', 'ո': 'n',
	'г': 'r', 'п': 'n', 'ь': 'b', 'Ь': 'b', 'з': '3', 'З': '3', 'Ѵ': 'v', 'ѵ': 'v',
	// Greek, lower and upper case
	'α': 'a', 'Α': 'a', 'β': 'b', 'Β': 'b', 'ε': 'e', 'Ε': 'e', 'ζ': 'z', 'Ζ': 'z',
	'η': 'n', 'Η': 'h', 'ι': 'i', 'Ι': 'i', 'κ': 'k', 'Κ': 'k', 'Μ': 'm', 'ν': 'v',
	'Ν': 'n', 'ο': 'o', 'Ο': 'o', 'ρ': 'p', 'Ρ': 'p', 'τ': 't', 'Τ': 't', 'υ': 'u',
	'Υ': 'y', 'χ': 'x', 'Χ': 'x', 'ϲ': 'c', 'Ϲ': 'c', 'ϳ': 'j', 'ω': 'w', 'μ': 'u',
	'ί': 'i', 'ό': 'o', 'ά': 'a', 'έ': 'e',
	// Latin letters drawn like others, and digits drawn like letters
	'ı': 'i', 'ȷ': 'j', 'ł': 'l', 'ø': 'o', 'đ': 'd', 'ħ': 'h', 'ß': 'b',
	'0': 'o', '1': 'l', '|': 'l', 'ǀ': 'l',
}

// NameSkeleton is what a name or handle looks like, so that two that are
// drawn alike compare equal: NFKC (fullwidth and styled letters become
// plain ones), accents dropped, look-alike letters of other scripts mapped
// to their Latin twin, case folded, and everything but letters and digits
// (spaces, dots, dashes, underscores, invisible characters) left out.
// "Ａｄｍｉｎ", "аdmin" with a Cyrillic а, "ADM_IN" and "Ádmin" all have
// the skeleton "admin".
func NameSkeleton(s string) string {
	s = norm.NFKD.String(s)
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		if unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Me, r) || blankLooking(r) || defaultIgnorable(r) {
			continue
		}
		if to, ok := lookalikes[r]; ok {
			r = to
		}
		r = unicode.ToLower(r)
		if to, ok := lookalikes[r]; ok {
			r = to
		}
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	// Letter pairs drawn like one letter.
	return strings.NewReplacer("rn", "m", "vv", "w").Replace(b.String())
}

// Impersonates reports whether name looks like one of the reserved words
// or like one of the staff's names, given as their skeletons.
func Impersonates(name string, staffSkeletons map[string]bool) bool {
	sk := NameSkeleton(name)
	if sk == "" {
		return false
	}
	return reservedSkeletons[sk] || staffSkeletons[sk]
}

var reservedSkeletons = func() map[string]bool {
	m := make(map[string]bool, len(ReservedNames))
	for _, w := range ReservedNames {
		m[NameSkeleton(w)] = true
	}
	return m
}()
