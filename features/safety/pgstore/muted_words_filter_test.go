package pgstore_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"social/core/domain"
	safety "social/features/safety/app"
	"social/features/safety/pgstore"
	"social/platform/pgkit"
	"social/tests/testkit/sqlrig"
)

// mutedCases pins what a muted word hides: case and accents folded on both
// sides, whole words and phrases only (letters, digits and '_' join a word;
// anything else, '#' included, parts it), phrases matched with their
// single spaces.
var mutedCases = []struct {
	word, text string
	hides      bool
}{
	{"futebol", "Hoje tem futebol", true},
	{"futebol", "Hoje tem FUTEBÓL no estádio", true},
	{"Futebol", "futebol", true},
	{"FUTEBÓL", "futebol amanhã", true},
	{"futebol", "o futebolista chegou", false},
	{"futebol", "pebolfutebol", false},
	{"futebol", "futebol_clube", false},
	{"futebol", "futebol2026", false},
	{"futebol", "2026futebol", false},
	{"futebol", "#futebol", true},
	{"futebol", "@futebol", true},
	{"futebol", "futebol!", true},
	{"futebol", "(futebol)", true},
	{"futebol", "futebol-arte", true},
	{"futebol", "futebol.com", true},
	{"futebol", "que calor, futebol amanhã?", true},
	{"futebol", "linha\nfutebol\nlinha", true},
	{"futebol", "futebolista e futebol", true},
	{"futebol", "futebolfutebol futebol", true},
	{"futebol", "", false},
	{"#futebol", "#futebol hoje", true},
	{"#futebol", "#FUTEBÓL", true},
	{"#futebol", "futebol", false},
	{"#futebol", "a#futebol", false},
	{"#futebol", "##futebol", true},
	{"#futebol", "#futebolista", false},
	{"eleição", "ELEICAO 2026", true},
	{"eleicao", "a Eleição chegou", true},
	{"eleição", "eleições", false},
	{"São Paulo", "vou para sao paulo amanhã", true},
	{"são paulo", "vou para SÃO  PAULO", false},
	{"são paulo", "são\npaulo", false},
	{"são paulo", "são paulofc", false},
	{"c++", "aprendendo C++ hoje", true},
	{"c++", "aprendendo c+++", true},
	{"c++", "abc++", false},
	{"c++", "c++/java", true},
	{"a.b", "axb", false},
	{"a.b", "a.b", true},
	{"(x)", "f(x) = 1", false},
	{"(x)", "f (x) = 1", true},
	{"x*", "xxx", false},
	{"x*", "x* y", true},
	{"ação", "Ação!", true},
	{"ç", "ç", true},
	{"straße", "STRASSE", true},
	{"naïve", "naive", true},
	{"Ωmega", "ωmega", true},
	{"кот", "КОТ и собака", true},
	{"кот", "котик", false},
	{"日本", "日本語", false},
	{"日本", "日本 語", true},
	{"🙂", "oi🙂", false},
	{"🙂", "oi 🙂", true},
	{"🙂", "🙂🙂", true},
	{"ab", "ⓐab", false},
	{"aa", "aaa aa", true},
	{"aa", "aaa", false},
	{"1", "1", true},
	{"1", "10", false},
	{"_", "a _ b", true},
	{"_", "a_b", false},
}

// sqlHides is how PostgreSQL matched word in text before the matching moved
// out of SQL: the regular expression muted_words.pattern on the folded
// text, word stored as a member's muted word.
func sqlHides(t *testing.T, rig *sqlrig.Rig, member domain.UserID, word, text string) (hides bool, foldedWord, foldedText string) {
	t.Helper()
	ctx := context.Background()
	db := rig.DB
	if _, err := db.NewRaw(`DELETE FROM muted_words WHERE member_id = ?`, member.String()).Exec(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := db.NewRaw(`INSERT INTO muted_words (id, member_id, word, created_at) VALUES (?, ?, ?, now())`,
		domain.NewMutedWordID().String(), member.String(), word).Exec(ctx); err != nil {
		t.Fatal(err)
	}
	err := db.NewRaw(`SELECT lower(immutable_unaccent(coalesce(?::text, ''))) ~ mw.pattern, mw.folded,
		lower(immutable_unaccent(?::text)) FROM muted_words mw WHERE mw.member_id = ?`,
		text, text, member.String()).Scan(ctx, &hides, &foldedWord, &foldedText)
	if err != nil {
		t.Fatal(err)
	}
	folded, err := safety.Fold(ctx, pgkit.MutedWords{DB: db}, []string{text})
	if err != nil {
		t.Fatal(err)
	}
	if folded[0] != foldedText {
		t.Errorf("%q folds to %q here, %q in PostgreSQL", text, folded[0], foldedText)
	}
	return hides, foldedWord, foldedText
}

// A text folds here as lower(immutable_unaccent(...)) folds it in
// PostgreSQL, character by character over the scripts members write in.
func TestFoldIsPostgreSQLs(t *testing.T) {
	t.Parallel()
	rig := sqlrig.New(t)
	ctx := context.Background()
	var texts []string
	for _, r := range [][2]rune{{1, 0x24F}, {0x370, 0x52F}, {0x1E00, 0x1FFF}, {0x2000, 0x218F}, {0x2460, 0x24FF},
		{0x3040, 0x30FF}, {0xFB00, 0xFB4F}, {0xFF00, 0xFFEF}, {0x1F300, 0x1F64F}} {
		var b strings.Builder
		for c := r[0]; c <= r[1]; c++ {
			b.WriteRune(c)
			if b.Len() > 400 || c == r[1] {
				texts = append(texts, b.String())
				b.Reset()
			}
		}
	}
	texts = append(texts, "Hoje tem FUTEBÓL no estádio, ÉÇÃO ǅ ﬁ Æsir ß ½ © « » — “aspas” ŒUVRE İstanbul", "")
	got, err := safety.Fold(ctx, pgkit.MutedWords{DB: rig.DB}, texts)
	if err != nil {
		t.Fatal(err)
	}
	for i, text := range texts {
		var want string
		if err := rig.DB.NewRaw(`SELECT lower(immutable_unaccent(?::text))`, text).Scan(ctx, &want); err != nil {
			t.Fatal(err)
		}
		if got[i] != want {
			t.Errorf("%q folds to\n%q here,\n%q in PostgreSQL", text, got[i], want)
		}
	}
}

func TestMutedWordsMatchAsTheyDidInSQL(t *testing.T) {
	t.Parallel()
	rig := sqlrig.New(t)
	member := rig.Member()
	for _, c := range mutedCases {
		sql, fw, ft := sqlHides(t, rig, member, c.word, c.text)
		if sql != c.hides {
			t.Errorf("%q in %q: PostgreSQL's pattern says %v, the table %v", c.word, c.text, sql, c.hides)
		}
		if got := safety.NewMutedWords([]string{fw}).Hides(ft); got != c.hides {
			t.Errorf("%q in %q (folded %q in %q): hides = %v, want %v", c.word, c.text, fw, ft, got, c.hides)
		}
	}
	var nilWords *safety.MutedWords
	if nilWords.Hides("futebol") || safety.NewMutedWords(nil).Hides("") {
		t.Fatal("no words hide something")
	}
}

// The word characters are PostgreSQL's [[:alnum:]_], code point by code
// point, over the scripts and symbols members write in (the few letters
// Unicode added after the C library's tables, such as Telugu's and
// Kannada's newest, are left out).
func TestMutedWordsWordCharactersAreThoseOfPostgreSQL(t *testing.T) {
	t.Parallel()
	rig := sqlrig.New(t)
	ranges := [][2]int{{1, 0x7FF}, {0x0900, 0x0BFF}, {0x0D00, 0x0DFF}, {0x1E00, 0x1FFF}, {0x2000, 0x2BFF}, {0x3000, 0x30FF},
		{0x4E00, 0x4FFF}, {0xAC00, 0xAD00}, {0xFB00, 0xFFFD}, {0x1F300, 0x1FAFF}}
	for _, r := range ranges {
		var word []int
		if err := rig.DB.NewRaw(`SELECT c FROM generate_series(?::int, ?::int) c WHERE chr(c) ~ '[[:alnum:]_]'`,
			r[0], r[1]).Scan(context.Background(), &word); err != nil {
			t.Fatal(err)
		}
		isWord := map[int]bool{}
		for _, c := range word {
			isWord[c] = true
		}
		m := safety.NewMutedWords([]string{"x"})
		for c := r[0]; c <= r[1]; c++ {
			// x hides "x<c>" exactly when c is not a word character.
			if got := m.Hides("x" + string(rune(c))); got == isWord[c] {
				t.Errorf("%U: word character for PostgreSQL %v, here %v", c, isWord[c], !got)
			}
		}
	}
}

// A word that folds to nothing matches where the old pattern did: between
// two non-word characters, or one and an end of the text.
func TestMutedWordsOfAccentsOnly(t *testing.T) {
	t.Parallel()
	rig := sqlrig.New(t)
	member := rig.Member()
	for _, text := range []string{"", "a", "a b", "ab", "a!", "!a", "abc def!"} {
		sql, fw, ft := sqlHides(t, rig, member, "\u0301", text)
		if got := safety.NewMutedWords([]string{fw}).Hides(ft); got != sql {
			t.Errorf("folded %q in %q: hides = %v, PostgreSQL %v", fw, text, got, sql)
		}
	}
}

// A member's words in force are read at every list, so that an added,
// removed or expired word counts at once; the matcher is kept while they
// stay the same.
func TestMutedWordsOfFollowsTheWordsInForce(t *testing.T) {
	t.Parallel()
	rig := sqlrig.New(t)
	ctx := context.Background()
	store := pgstore.NewSafety(rig.DB)
	ana := rig.Member()
	if m, err := safety.MutedWordsOf(ctx, pgkit.MutedWords{DB: rig.DB}, ana); err != nil || m != nil {
		t.Fatalf("no words: %v, %v", m, err)
	}
	if m, err := safety.MutedWordsOf(ctx, pgkit.MutedWords{DB: rig.DB}, domain.UserID{}); err != nil || m != nil {
		t.Fatalf("nobody: %v, %v", m, err)
	}
	add := func(word string, until *time.Time) domain.MutedWord {
		w, err := store.AddMutedWord(ctx, domain.MutedWord{ID: domain.NewMutedWordID(), MemberID: ana, Word: word,
			ExpiresAt: until, CreatedAt: time.Now()}, 100)
		if err != nil {
			t.Fatal(err)
		}
		return w
	}
	add("Futebol", nil)
	first, err := safety.MutedWordsOf(ctx, pgkit.MutedWords{DB: rig.DB}, ana)
	if err != nil || !first.Hides("futebol") || first.Hides("novela") {
		t.Fatalf("futebol muted: %v", err)
	}
	again, _ := safety.MutedWordsOf(ctx, pgkit.MutedWords{DB: rig.DB}, ana)
	if again != first {
		t.Fatal("the same words built a second matcher")
	}
	soon := time.Now().Add(time.Hour)
	nov := add("NOVELA", &soon)
	m, _ := safety.MutedWordsOf(ctx, pgkit.MutedWords{DB: rig.DB}, ana)
	if m == first || !m.Hides("a novela") || !m.Hides("futebol") || m.Len() != 2 {
		t.Fatal("an added word is not matched")
	}
	if _, err := rig.DB.NewRaw(`UPDATE muted_words SET expires_at = now() - interval '1 second' WHERE id = ?`,
		nov.ID.String()).Exec(ctx); err != nil {
		t.Fatal(err)
	}
	if m, _ := safety.MutedWordsOf(ctx, pgkit.MutedWords{DB: rig.DB}, ana); m.Hides("a novela") || !m.Hides("futebol") {
		t.Fatal("an expired word still hides")
	}
	var ids []string
	if err := rig.DB.NewRaw(`SELECT id FROM muted_words WHERE member_id = ?`, ana.String()).Scan(ctx, &ids); err != nil {
		t.Fatal(err)
	}
	for _, id := range ids {
		wid, _ := domain.ParseMutedWordID(id)
		if _, err := store.RemoveMutedWord(ctx, ana, wid); err != nil {
			t.Fatal(err)
		}
	}
	if m, _ := safety.MutedWordsOf(ctx, pgkit.MutedWords{DB: rig.DB}, ana); m != nil {
		t.Fatal("removed words still hide")
	}
}

// Unmuted reads further pages while words hide rows, up to its bound, and
// says where the next page starts.
func TestUnmutedPagesPastHiddenRows(t *testing.T) {
	t.Parallel()
	rows := make([]string, 0, 40)
	for i := range 40 {
		text := "livre"
		if i < 25 || i == 30 {
			text = "spoiler"
		}
		rows = append(rows, fmt.Sprintf("%02d %s", i, text))
	}
	reads := 0
	read := func(after *string) ([]string, error) {
		reads++
		from := 0
		if after != nil {
			for i, r := range rows {
				if r == *after {
					from = i + 1
				}
			}
		}
		return rows[from:min(from+5, len(rows))], nil
	}
	text := func(r *string) string { return *r }
	m := safety.NewMutedWords([]string{"spoiler"})
	rig := sqlrig.New(t)
	ctx := context.Background()

	kept, last, more, err := safety.Unmuted(ctx, pgkit.MutedWords{DB: rig.DB}, m, 5, read, text)
	if err != nil || len(kept) != 0 || !more || *last != "24 spoiler" || reads != 1+safety.ExtraRounds {
		t.Fatalf("a hidden stretch past the bound: kept %v, last %v, more %v, %d reads", kept, *last, more, reads)
	}
	reads = 0
	kept, last, more, _ = safety.Unmuted(ctx, pgkit.MutedWords{DB: rig.DB}, m, 5, func(after *string) ([]string, error) {
		if after == nil {
			after = &rows[22]
		}
		return read(after)
	}, text)
	if len(kept) != 5 || kept[0] != "25 livre" || kept[4] != "29 livre" || *last != "29 livre" || !more || reads != 2 {
		t.Fatalf("a page filled over two reads: kept %v, last %v, more %v, %d reads", kept, *last, more, reads)
	}
	kept, last, more, _ = safety.Unmuted(ctx, pgkit.MutedWords{DB: rig.DB}, m, 5, func(after *string) ([]string, error) {
		if after == nil {
			after = &rows[34]
		}
		return read(after)
	}, text)
	if len(kept) != 5 || more && *last != "39 livre" {
		t.Fatalf("the end: kept %v, last %v, more %v", kept, last, more)
	}
	kept, _, more, _ = safety.Unmuted(ctx, pgkit.MutedWords{DB: rig.DB}, m, 5, func(after *string) ([]string, error) {
		if after == nil {
			after = &rows[36]
		}
		return read(after)
	}, text)
	if len(kept) != 3 || more {
		t.Fatalf("a short end: kept %v, more %v", kept, more)
	}
	kept, _, more, _ = safety.Unmuted(ctx, pgkit.MutedWords{DB: rig.DB}, nil, 5, read, text)
	if len(kept) != 5 || kept[0] != rows[0] || !more {
		t.Fatalf("no words: kept %v, more %v", kept, more)
	}
}
