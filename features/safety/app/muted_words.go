package app

import (
	"context"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"social/core/domain"
)

// A muted word hides a text that holds it as a whole word or phrase, once
// both are folded the way search folds text: lower(immutable_unaccent(...))
// in PostgreSQL, so that case and accents are folded exactly as the
// muted_words.folded column folds the word. "Whole" means that the
// characters on either side of it, when there are any, are not word
// characters (letters, digits, '_'): "futebol" hides "#futebol" and
// "futebol!", not "futebolista"; a phrase's spaces are matched as they are.
//
// The matching is done here, once per text, instead of as a regular
// expression per row and per word in SQL: each read's texts are folded
// (Fold) and those a viewer's MutedWords hide are dropped, further pages
// read when some were (Unmuted). The stores that read lists for a viewer
// give the two things only the database knows (MutedWordsSource).

// MutedWordsSource is what the database knows of muted words.
type MutedWordsSource interface {
	// MutedWordsInForce reads member's muted words in force now, folded.
	MutedWordsInForce(ctx context.Context, member domain.UserID) ([]string, error)
	// FoldCharacters answers lower(immutable_unaccent(chr(c))) for each of
	// chars, in their order.
	FoldCharacters(ctx context.Context, chars []rune) ([]string, error)
}

// Both lower() (with the C library) and unaccent (its rules each replace
// one character) work character by character, so a text folds as the
// concatenation of its characters folded one by one. Each character's
// folding is asked of the database once, the first time a text holds it,
// and kept for the process, up to foldingsMax characters (past them, the
// others are asked for each read that meets them): folding a page in
// PostgreSQL cost 4 µs a row.
var foldings = struct {
	sync.RWMutex
	ascii [utf8.RuneSelf]string // learned with the first fold
	other map[rune]string
}{other: map[rune]string{}}

// foldingsMax bounds the characters kept, so that texts made of rare
// characters cannot grow the process without end.
const foldingsMax = 1 << 16

// Fold folds texts as muted_words.folded folds a word, characters not
// folded yet asked of src in one call.
func Fold(ctx context.Context, src MutedWordsSource, texts []string) ([]string, error) {
	extra, err := learnFoldings(ctx, src, texts)
	if err != nil {
		return nil, err
	}
	foldings.RLock()
	defer foldings.RUnlock()
	out := make([]string, len(texts))
	var b strings.Builder
	for i, t := range texts {
		b.Reset()
		b.Grow(len(t))
		for _, r := range t {
			if r < utf8.RuneSelf {
				b.WriteString(foldings.ascii[r])
			} else if f, ok := foldings.other[r]; ok {
				b.WriteString(f)
			} else {
				b.WriteString(extra[r])
			}
		}
		out[i] = b.String()
	}
	return out, nil
}

// learnFoldings asks src the folding of the characters of texts not
// known yet (every ASCII character the first time) and keeps them; extra
// are those it could not keep.
func learnFoldings(ctx context.Context, src MutedWordsSource, texts []string) (extra map[rune]string, err error) {
	foldings.RLock()
	var unknown []rune
	seen := map[rune]bool{}
	if foldings.ascii['a'] == "" {
		for r := rune(1); r < utf8.RuneSelf; r++ {
			unknown = append(unknown, r)
		}
	}
	for _, t := range texts {
		for _, r := range t {
			if r >= utf8.RuneSelf && !seen[r] {
				if _, ok := foldings.other[r]; !ok {
					seen[r] = true
					unknown = append(unknown, r)
				}
			}
		}
	}
	foldings.RUnlock()
	if len(unknown) == 0 {
		return nil, nil
	}
	folded, err := src.FoldCharacters(ctx, unknown)
	if err != nil {
		return nil, err
	}
	foldings.Lock()
	defer foldings.Unlock()
	for i, r := range unknown {
		switch {
		case r < utf8.RuneSelf:
			foldings.ascii[r] = folded[i]
		case len(foldings.other) < foldingsMax:
			foldings.other[r] = folded[i]
		default:
			if extra == nil {
				extra = map[rune]string{}
			}
			extra[r] = folded[i]
		}
	}
	return extra, nil
}

// MutedWords matches one viewer's muted words in force. The nil
// *MutedWords hides nothing.
type MutedWords struct {
	words []string // folded, sorted, for the cache's comparison
	// byFirst lists the non-empty words by their first byte.
	byFirst [256][]string
	// empty is a word that folds to nothing (a word of accents only): it
	// matches wherever two non-word characters, or the start or end of the
	// text and one, meet.
	empty bool
}

// NewMutedWords builds the matcher of folded words.
func NewMutedWords(folded []string) *MutedWords {
	m := &MutedWords{words: slices.Clone(folded)}
	slices.Sort(m.words)
	for _, w := range slices.Compact(slices.Clone(m.words)) {
		if w == "" {
			m.empty = true
			continue
		}
		m.byFirst[w[0]] = append(m.byFirst[w[0]], w)
	}
	return m
}

// Len is how many words m matches.
func (m *MutedWords) Len() int {
	if m == nil {
		return 0
	}
	return len(m.words)
}

// Hides reports whether folded (a text as Fold folds it)
// holds one of m's words as a whole word or phrase. It walks the text once:
// a word can only start where a word character does not precede it.
func (m *MutedWords) Hides(folded string) bool {
	if m == nil || len(m.words) == 0 {
		return false
	}
	prevWord := false // the rune before i is a word character
	for i := 0; i <= len(folded); {
		if !prevWord {
			if m.empty && boundaryAt(folded, i) {
				return true
			}
			if i < len(folded) {
				rest := folded[i:]
				for _, w := range m.byFirst[rest[0]] {
					if len(w) <= len(rest) && (len(w) == 1 || w[1] == rest[1]) && rest[:len(w)] == w &&
						boundaryAt(folded, i+len(w)) {
						return true
					}
				}
			}
		}
		if i == len(folded) {
			break
		}
		r, n := rune(folded[i]), 1
		if r >= utf8.RuneSelf {
			r, n = utf8.DecodeRuneInString(folded[i:])
		}
		prevWord = wordRune(r)
		i += n
	}
	return false
}

// boundaryAt reports whether the text ends at i or a non-word character
// follows.
func boundaryAt(s string, i int) bool {
	if i >= len(s) {
		return true
	}
	r := rune(s[i])
	if r >= utf8.RuneSelf {
		r, _ = utf8.DecodeRuneInString(s[i:])
	}
	return !wordRune(r)
}

// wordRune is PostgreSQL's [[:alnum:]_] in a UTF-8 database: letters and
// digits as the C library classes them, which is Unicode's Alphabetic
// property (letters, letter numbers and the marks and symbols it lists)
// and decimal digits.
func wordRune(r rune) bool {
	if r < utf8.RuneSelf {
		return r == '_' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9'
	}
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.In(r, unicode.Nl, unicode.Other_Alphabetic)
}

// mutedWordsCacheMax bounds the cache: past it, it starts again empty.
const mutedWordsCacheMax = 10_000

// mutedWordsCache keeps each viewer's built matcher while their words
// stay the same: every read asks the database for the words in force (one
// short indexed read, so a change or an expiry made anywhere counts at
// once) and builds a matcher only when they differ from the kept one's.
var mutedWordsCache = struct {
	sync.Mutex
	byViewer map[domain.UserID]*MutedWords
}{byViewer: map[domain.UserID]*MutedWords{}}

// MutedWordsOf gives the matcher of viewer's muted words in force, read
// from src; nil when there is none or nobody is signed in.
func MutedWordsOf(ctx context.Context, src MutedWordsSource, viewer domain.UserID) (*MutedWords, error) {
	if viewer == (domain.UserID{}) {
		return nil, nil
	}
	folded, err := src.MutedWordsInForce(ctx, viewer)
	if err != nil {
		return nil, err
	}
	slices.Sort(folded)
	c := &mutedWordsCache
	c.Lock()
	defer c.Unlock()
	if len(folded) == 0 {
		delete(c.byViewer, viewer)
		return nil, nil
	}
	if m := c.byViewer[viewer]; m != nil && slices.Equal(m.words, folded) {
		return m, nil
	}
	m := NewMutedWords(folded)
	if len(c.byViewer) >= mutedWordsCacheMax {
		c.byViewer = map[domain.UserID]*MutedWords{}
	}
	c.byViewer[viewer] = m
	return m, nil
}

// ExtraRounds is how many more pages of candidates a list read for a
// viewer with muted words reads when the words hid some of a page: at most
// (1 + ExtraRounds) x the page size rows are looked at, and a page read
// past that many hidden rows comes back short, with a cursor after the
// last row looked at.
const ExtraRounds = 4

// Unmuted reads a list page by page and keeps the rows m does not hide
// until limit are kept. read gives up to limit candidates in the list's
// order after the given one (nil: from the start); text is a row's text
// ("" for none), folded here (Fold, with src). last is the last candidate
// looked at, where the next page starts, and more says whether the list
// may go on after it: the page was filled, or the rounds ran out on full
// pages. Without words it is one read.
func Unmuted[T any](ctx context.Context, src MutedWordsSource, m *MutedWords, limit int, read func(after *T) ([]T, error), text func(*T) string) (kept []T, last *T, more bool, err error) {
	if m == nil {
		// Nothing to hide: the first read is the page, as it came.
		rows, err := read(nil)
		switch {
		case err != nil:
			return nil, nil, false, err
		case len(rows) == 0:
			return nil, nil, false, nil
		case len(rows) >= limit:
			return rows[:limit], &rows[limit-1], true, nil
		}
		return rows, &rows[len(rows)-1], false, nil
	}
	kept = make([]T, 0, limit)
	var after *T
	for round := 0; round <= ExtraRounds; round++ {
		rows, err := read(after)
		if err != nil {
			return nil, nil, false, err
		}
		var folded []string
		if m != nil {
			texts := make([]string, len(rows))
			for i := range rows {
				texts[i] = text(&rows[i])
			}
			if folded, err = Fold(ctx, src, texts); err != nil {
				return nil, nil, false, err
			}
		}
		for i := range rows {
			if m == nil || !m.Hides(folded[i]) {
				kept = append(kept, rows[i])
			}
			if len(kept) == limit {
				return kept, &rows[i], true, nil
			}
		}
		if len(rows) == 0 {
			return kept, after, false, nil
		}
		last = &rows[len(rows)-1]
		if len(rows) < limit {
			return kept, last, false, nil
		}
		after = last
	}
	return kept, last, true, nil
}
