package pgstore

import (
	"context"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"social/core/domain"
	"social/kit/pgkit"
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
// expression per row and per word in SQL: each read selects the rows'
// folded texts (FoldedText) and drops those a viewer's MutedWords hide,
// reading further pages when it dropped some (Unmuted).

// FoldedText is the SQL expression of a text column folded as muted words
// are (NULL is the empty text).
func FoldedText(text string) string {
	return `lower(immutable_unaccent(coalesce(` + text + `, '')))`
}

// MutedWords matches one viewer's muted words in force. The nil
// *MutedWords hides nothing.
type MutedWords struct {
	words []string // folded, sorted, for the cache's comparison
	// byFirst lists the non-empty words by their first byte, longest
	// first.
	byFirst map[byte][]string
	// empty is a word that folds to nothing (a word of accents only): it
	// matches wherever two non-word characters, or the start or end of the
	// text and one, meet.
	empty bool
}

// NewMutedWords builds the matcher of folded words.
func NewMutedWords(folded []string) *MutedWords {
	m := &MutedWords{words: slices.Clone(folded), byFirst: map[byte][]string{}}
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

// Hides reports whether folded (a text folded as FoldedText folds it)
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
				for _, w := range m.byFirst[folded[i]] {
					if strings.HasPrefix(folded[i:], w) && boundaryAt(folded, i+len(w)) {
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

// MutedWordsOf reads viewer's muted words in force now (the database's
// clock, as every read's) and gives their matcher; nil when there is none
// or nobody is signed in.
func MutedWordsOf(ctx context.Context, db *bun.DB, viewer domain.UserID) (*MutedWords, error) {
	if viewer == (domain.UserID{}) {
		return nil, nil
	}
	var rows []struct {
		Folded string `bun:"folded"`
	}
	// Read before every list a member opens, hence prepared.
	if err := pgkit.Prepared(ctx, db, &rows, `SELECT folded FROM muted_words
		WHERE member_id = ? AND (expires_at IS NULL OR expires_at > now())`, uuid.UUID(viewer)); err != nil {
		return nil, err
	}
	folded := make([]string, len(rows))
	for i, r := range rows {
		folded[i] = r.Folded
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
// order after the given one (nil: from the start); text is a row's folded
// text. last is the last candidate looked at, where the next page starts,
// and more says whether the list may go on after it: the page was filled,
// or the rounds ran out on full pages. Without words it is one read.
func Unmuted[T any](m *MutedWords, limit int, read func(after *T) ([]T, error), text func(*T) string) (kept []T, last *T, more bool, err error) {
	var after *T
	for round := 0; round <= ExtraRounds; round++ {
		rows, err := read(after)
		if err != nil {
			return nil, nil, false, err
		}
		for i := range rows {
			if !m.Hides(text(&rows[i])) {
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
