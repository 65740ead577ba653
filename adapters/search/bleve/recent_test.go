package bleve_test

import (
	"context"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/google/uuid"

	"social/adapters/search/bleve"
	"social/core/ports"
)

// postAt is a public post whose ID is a UUIDv7 of time at, as
// domain.NewPostID makes them.
func postAt(t *testing.T, at time.Time, text string) ports.SearchDoc {
	t.Helper()
	var u uuid.UUID
	ms := uint64(at.UnixMilli())
	for i := 0; i < 6; i++ {
		u[i] = byte(ms >> (40 - 8*i))
	}
	u[6], u[8] = 0x70, 0x80 // version 7, RFC 4122 variant
	copy(u[9:], []byte(text))
	if u.Version() != 7 {
		t.Fatalf("not a UUIDv7: %s", u)
	}
	return ports.SearchDoc{Kind: ports.SearchPost, ID: u.String(), Text: text, Public: true, AuthorHandle: "autora"}
}

// clockedIndex is an index whose clock the test moves.
func clockedIndex(t *testing.T, now *time.Time) (*bleve.Index, string) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "search.bleve")
	x := bleve.New(dir)
	x.Now = func() time.Time { return *now }
	if err := x.Open(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = x.Close() })
	return x, dir
}

func postIDs(t *testing.T, x *bleve.Index, q string, limit int) []string {
	t.Helper()
	res, err := x.Search(context.Background(), q, []ports.SearchKind{ports.SearchPost}, limit)
	if err != nil {
		t.Fatalf("search %q: %v", q, err)
	}
	ids := []string{}
	for _, d := range res[ports.SearchPost] {
		ids = append(ids, d.ID)
	}
	return ids
}

// expectFound fails t unless query, asked for up to five posts, finds
// exactly the posts want; what says what the test is looking at.
func expectFound(t *testing.T, x *bleve.Index, what, query string, want ...string) {
	t.Helper()
	if got := postIDs(t, x, query, 5); !slices.Equal(got, want) {
		t.Errorf("%s: %q finds %v, want %v", what, query, got, want)
	}
}

func mustUpsert(t *testing.T, x *bleve.Index, docs ...ports.SearchDoc) {
	t.Helper()
	if err := x.Upsert(context.Background(), docs...); err != nil {
		t.Fatal(err)
	}
}

// The recent matches come first, even when an older post matches better;
// older ones follow when the recent ones are fewer than asked for, and
// once a post has aged out of the window it is ranked by its match alone.
func TestRecentPostsComeFirstUntilTheyAge(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)
	x, _ := clockedIndex(t, &now)
	old := postAt(t, now.Add(-10*24*time.Hour), "café café café")
	newer := postAt(t, now.Add(-time.Hour), "um café com leite e pão de queijo numa manhã fria de domingo")
	newest := postAt(t, now.Add(-time.Minute), "hoje tem café na padaria da esquina e bolo de fubá quentinho")
	mustUpsert(t, x, old, newer, newest)

	recent := []string{newest.ID, newer.ID}
	slices.Sort(recent)
	got := postIDs(t, x, "café", 2)
	slices.Sort(got)
	if !slices.Equal(got, recent) {
		t.Errorf("two results: got %v, want the two recent ones %v", got, recent)
	}
	if got := postIDs(t, x, "cafe", 5); len(got) != 3 || got[2] != old.ID {
		t.Errorf("five results: got %v, want the two recent ones, then the older %v", got, old.ID)
	}

	// Four days on, a write moves the aged posts into the full index: the
	// old post's better match ranks it first again, and the two others are
	// still found.
	now = now.Add(4 * 24 * time.Hour)
	mustUpsert(t, x, postAt(t, now, "nada a ver"))
	if got := postIDs(t, x, "café", 1); !slices.Equal(got, []string{old.ID}) {
		t.Errorf("after the window: got %v, want the best match %v", got, old.ID)
	}
	if got := postIDs(t, x, "café", 5); len(got) != 3 {
		t.Errorf("after the window: got %v, want the three posts", got)
	}
}

// A new post is written to the recent posts' index alone, and enters the
// full one only when it ages out of the window: the full index, of every
// post there is, is not committed once per new post.
func TestRecentPostsEnterTheFullIndexOnceAged(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)
	x, _ := clockedIndex(t, &now)
	aged := postAt(t, now.Add(-time.Minute), "moqueca capixaba")
	mustUpsert(t, x, aged, ports.SearchDoc{Kind: ports.SearchUser, ID: "u1", Handle: "ana", DisplayName: "Ana"})
	assertCounts(t, x, 1, 1)

	now = now.Add(bleve.RecentWindow + time.Hour)
	mustUpsert(t, x, ports.SearchDoc{Kind: ports.SearchUser, ID: "u2", Handle: "bia", DisplayName: "Bia"})
	assertCounts(t, x, 3, 0)
	expectFound(t, x, "the aged post", "moqueca", aged.ID)
}

// A post edited just after the move took it into the full index, and
// before the next move, is changed in both indexes: the full index's copy
// must not keep answering for the old text.
func TestPostEditedRightAfterItsMoveChangesEverywhere(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)
	x, _ := clockedIndex(t, &now)
	p := postAt(t, now, "vatapá na sexta")
	mustUpsert(t, x, p)

	now = now.Add(bleve.RecentWindow + time.Minute)
	mustUpsert(t, x, postAt(t, now, "nada a ver")) // moves p
	assertCounts(t, x, 1, 1)

	now = now.Add(10 * time.Minute)
	p.Text = "acarajé no sábado"
	mustUpsert(t, x, p)
	expectFound(t, x, "the edited post's old text", "vatapá")
	expectFound(t, x, "the edited post's new text", "acarajé", p.ID)

	now = now.Add(time.Hour)
	mustUpsert(t, x, postAt(t, now, "outra coisa")) // moves it again
	expectFound(t, x, "after the next move, the new text", "acarajé", p.ID)
	expectFound(t, x, "after the next move, the old text", "vatapá")
}

func assertCounts(t *testing.T, x *bleve.Index, full, recent uint64) {
	t.Helper()
	gotFull, gotRecent, err := bleve.DocCounts(x)
	if err != nil {
		t.Fatal(err)
	}
	if gotFull != full || gotRecent != recent {
		t.Errorf("documents: full index %d, recent %d; want %d and %d", gotFull, gotRecent, full, recent)
	}
}

// A recent post edited, made private or deleted changes: no search finds
// what it no longer says, nor a post it may not show.
func TestRecentPostChangesAreSearchedAtOnce(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)
	x, dir := clockedIndex(t, &now)
	p := postAt(t, now.Add(-time.Hour), "feijoada no sábado")
	mustUpsert(t, x, p)

	p.Text = "churrasco no domingo"
	mustUpsert(t, x, p)
	expectFound(t, x, "the edited post's old text", "feijoada")
	expectFound(t, x, "the edited post's new text", "churrasco", p.ID)

	p.Public = false
	mustUpsert(t, x, p)
	expectFound(t, x, "a post made private", "churrasco")

	p.Public = true
	mustUpsert(t, x, p)
	if err := x.Delete(context.Background(), ports.SearchPost, p.ID); err != nil {
		t.Fatal(err)
	}
	expectFound(t, x, "a deleted post", "churrasco")

	// Reopened, the recent posts are still recent.
	q := postAt(t, now.Add(-time.Minute), "pão de queijo")
	mustUpsert(t, x, q, postAt(t, now.Add(-20*24*time.Hour), "pão de queijo pão de queijo"))
	if err := x.Close(); err != nil {
		t.Fatal(err)
	}
	y := bleve.New(dir)
	y.Now = func() time.Time { return now }
	if err := y.Open(); err != nil {
		t.Fatal(err)
	}
	defer y.Close()
	if got := postIDs(t, y, "queijo", 1); !slices.Equal(got, []string{q.ID}) {
		t.Errorf("after reopening: got %v, want the recent post %v", got, q.ID)
	}
}
