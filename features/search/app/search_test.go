package app_test

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
	search "social/features/search/app"
)

// fakeIndex remembers the query and answers with canned results.
type fakeIndex struct {
	results ports.SearchResults
	queries []string
	// limits are the limits per kind asked for, query by query.
	limits []int
	docs   map[string]ports.SearchDoc
	resets int
}

func (f *fakeIndex) Upsert(_ context.Context, docs ...ports.SearchDoc) error {
	if f.docs == nil {
		f.docs = map[string]ports.SearchDoc{}
	}
	for _, d := range docs {
		f.docs[string(d.Kind)+"/"+d.ID] = d
	}
	return nil
}

func (f *fakeIndex) Delete(_ context.Context, kind ports.SearchKind, ids ...string) error {
	for _, id := range ids {
		delete(f.docs, string(kind)+"/"+id)
	}
	return nil
}

func (f *fakeIndex) Search(_ context.Context, q string, kinds []ports.SearchKind, limit int) (ports.SearchResults, error) {
	f.queries = append(f.queries, q)
	f.limits = append(f.limits, limit)
	out := ports.SearchResults{}
	for _, k := range kinds {
		if docs, ok := f.results[k]; ok {
			out[k] = docs
		}
	}
	return out, nil
}

// group stands for a kind a plugin contributes.
const group ports.SearchKind = "group"

func (f *fakeIndex) Reset(context.Context) error { f.resets++; f.docs = nil; return nil }

type signer struct{ fail bool }

func (s signer) SignedURL(_ context.Context, key string, ttl time.Duration) (string, error) {
	if s.fail {
		return "", errors.New("no key")
	}
	return "/media/" + key + "?ttl=" + ttl.String(), nil
}

var member = domain.Viewer{UserID: domain.UserID(uuid.New())}

func TestSearchNeedsASession(t *testing.T) {
	uc := &search.Search{Index: &fakeIndex{}}
	_, err := uc.Handle(context.Background(), domain.Viewer{}, "ana")
	if e, ok := errs.As(err); !ok || e.Kind != errs.KindUnauthenticated || e.Code != search.CodeUnauthenticated {
		t.Fatalf("err = %v", err)
	}
}

func TestSearchQueryIsTrimmedAndCut(t *testing.T) {
	idx := &fakeIndex{}
	uc := &search.Search{Index: idx}
	for _, q := range []string{"", "   ", "\t\n"} {
		items, err := uc.Handle(context.Background(), member, q)
		if err != nil || items == nil || len(items) != 0 {
			t.Fatalf("blank %q: %v %v", q, items, err)
		}
	}
	if len(idx.queries) != 0 {
		t.Fatalf("blank queries reached the index: %q", idx.queries)
	}
	long := "  " + strings.Repeat("ç", 150) + "  "
	if _, err := uc.Handle(context.Background(), member, "  joão  "); err != nil {
		t.Fatal(err)
	}
	if _, err := uc.Handle(context.Background(), member, long); err != nil {
		t.Fatal(err)
	}
	if idx.queries[0] != "joão" || idx.queries[1] != strings.Repeat("ç", 100) {
		t.Fatalf("queries = %q", idx.queries)
	}
}

func TestSearchItems(t *testing.T) {
	long := strings.Repeat("a", 95) + "çãéíóúx"
	idx := &fakeIndex{results: ports.SearchResults{
		ports.SearchPost: {
			{Kind: ports.SearchPost, ID: "p1", Text: long, Public: true, AuthorHandle: "ana", AuthorDisplayName: "Ana"},
			{Kind: ports.SearchPost, ID: "p2", Text: "curto", Public: true, AuthorHandle: "bia"},
			{Kind: ports.SearchPost, ID: "secret", Text: "privado", Public: false},
		},
		ports.SearchUser: {
			{Kind: ports.SearchUser, ID: "u1", Handle: "ana", DisplayName: "Ana", AvatarPath: "avatars/u1/a.jpg", Verified: true},
			{Kind: ports.SearchUser, ID: "u2", Handle: "bia"},
		},
		group: {
			{Kind: group, ID: "c1", Name: "Tech", Description: "Tecnologia", MemberCount: 7},
		},
		"off": {{Kind: "off", ID: "o1", Name: "A kind of a plugin that is off"}},
	}}
	uc := &search.Search{Index: idx, Kinds: ports.SearchKindsWith(group), Signer: signer{}, LinkTTL: time.Hour}
	items, err := uc.Handle(context.Background(), member, "a")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, it := range items {
		got = append(got, string(it.Type)+":"+it.ID)
	}
	if strings.Join(got, " ") != "user:u1 user:u2 group:c1 post:p1 post:p2" {
		t.Fatalf("order = %v", got)
	}
	u1, u2, c1, p1, p2 := items[0], items[1], items[2], items[3], items[4]
	if u1.Title != "Ana" || u1.Subtitle != "@ana" || !u1.Verified || u1.Avatar != "/media/avatars/u1/a.jpg?ttl=1h0m0s" || u1.MemberCount != nil {
		t.Errorf("u1 = %+v", u1)
	}
	if u2.Title != "bia" || u2.Subtitle != "@bia" || u2.Avatar != "" || u2.Verified {
		t.Errorf("u2 = %+v", u2)
	}
	if c1.Title != "Tech" || c1.Subtitle != "Tecnologia" || c1.MemberCount == nil || *c1.MemberCount != 7 || c1.Avatar != "" {
		t.Errorf("c1 = %+v", c1)
	}
	if p1.Title != strings.Repeat("a", 95)+"çãéíó..." || p1.Subtitle != "por Ana (@ana)" || p1.MemberCount != nil {
		t.Errorf("p1 = %+v", p1)
	}
	if p2.Title != "curto" || p2.Subtitle != "por @bia" {
		t.Errorf("p2 = %+v", p2)
	}
}

// hiddenFrom is a fake ports.HiddenMembers: the same list for everyone.
type hiddenFrom []domain.HiddenMember

func (h hiddenFrom) HiddenFrom(context.Context, domain.UserID) ([]domain.HiddenMember, error) {
	return h, nil
}

// A page takes the kinds asked for, in the order of Kinds, limit of each
// after offset, counting only what the viewer may see (b is blocked: b
// and b's posts are left out); the index is asked for enough to fill it.
func TestSearchPage(t *testing.T) {
	blocked := domain.UserID(uuid.New())
	var users, posts []ports.SearchDoc
	for i := range 8 {
		n := string(rune('a' + i))
		id := "u" + n
		if n == "b" {
			id = blocked.String()
		}
		users = append(users, ports.SearchDoc{Kind: ports.SearchUser, ID: id, Handle: n})
		posts = append(posts, ports.SearchDoc{Kind: ports.SearchPost, ID: "p" + n, Text: "x", Public: true, AuthorHandle: n})
	}
	idx := &fakeIndex{results: ports.SearchResults{ports.SearchUser: users, ports.SearchPost: posts,
		group: {{Kind: group, ID: "c1", Name: "x"}}}}
	uc := &search.Search{Index: idx, Kinds: ports.SearchKindsWith(group),
		Hidden: hiddenFrom{{ID: blocked, Handle: "b", Blocked: true}}}
	found := func(page search.Page) string {
		t.Helper()
		items, err := uc.Page(context.Background(), member, "x", page)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, it := range items {
			if it.Type == ports.SearchUser {
				got = append(got, "@"+it.Handle)
			} else {
				got = append(got, it.ID)
			}
		}
		return strings.Join(got, " ")
	}
	if got := found(search.Page{Kinds: []ports.SearchKind{ports.SearchPost, ports.SearchUser}, Limit: 3, Offset: 1}); got != "@c @d @e pc pd pe" {
		t.Fatalf("page = %q", got)
	}
	if last := idx.limits[len(idx.limits)-1]; last != 1+3+1 {
		t.Fatalf("asked the index for %d of each, want offset + limit + the hidden", last)
	}
	if got := found(search.Page{Kinds: []ports.SearchKind{ports.SearchPost}, Limit: 100}); got != "pa pc pd pe pf pg ph" {
		t.Fatalf("a limit past the most = %q", got)
	}
	if last := idx.limits[len(idx.limits)-1]; last != search.MaxPerKind+1 {
		t.Fatalf("asked the index for %d, want MaxPerKind + the hidden", last)
	}
	if got := found(search.Page{Kinds: []ports.SearchKind{"off"}}); got != "" {
		t.Fatalf("a kind that is off = %q", got)
	}
	if got := found(search.Page{Offset: search.MaxOffset + 1}); got != "" {
		t.Fatalf("past MaxOffset = %q", got)
	}
	if got := found(search.Page{Offset: -3, Limit: 1}); got != "@a c1 pa" {
		t.Fatalf("a negative offset = %q", got)
	}
	if got := found(search.Page{}); got != "@a @c @d @e @f c1 pa pc pd pe pf" {
		t.Fatalf("the default page = %q", got)
	}
}

func TestSearchAvatarThatCannotBeSigned(t *testing.T) {
	idx := &fakeIndex{results: ports.SearchResults{ports.SearchUser: {
		{Kind: ports.SearchUser, ID: "u1", Handle: "ana", AvatarPath: "avatars/u1/a.jpg"}}}}
	var heard string
	uc := &search.Search{Index: idx, Signer: signer{fail: true},
		OnLinkError: func(_ context.Context, key string, _ error) { heard = key }}
	items, err := uc.Handle(context.Background(), member, "ana")
	if err != nil || len(items) != 1 || items[0].Avatar != "" || heard != "avatars/u1/a.jpg" {
		t.Fatalf("items = %+v, err = %v, heard %q", items, err, heard)
	}
}

func TestPostTitle(t *testing.T) {
	exact := strings.Repeat("é", 100)
	if search.PostTitle(exact) != exact {
		t.Error("100 characters were cut")
	}
	if got := search.PostTitle(exact + "x"); got != exact+"..." {
		t.Errorf("101 characters: %q", got)
	}
	if search.PostSubtitle("", "") != "" || search.PostSubtitle("Ana", "") != "por Ana" {
		t.Error("subtitle without author")
	}
}

// source is a fake database: rows by kind and ID.
type source struct {
	rows map[ports.SearchKind][]ports.SearchDoc
	fail error
}

func (s *source) LoadSearchDocs(_ context.Context, kind ports.SearchKind, ids []string) ([]ports.SearchDoc, error) {
	if s.fail != nil {
		return nil, s.fail
	}
	if kind != ports.SearchUser && kind != ports.SearchPost {
		return nil, search.ErrUnknownKind
	}
	var out []ports.SearchDoc
	for _, id := range ids {
		for _, d := range s.rows[kind] {
			if d.ID == id {
				out = append(out, d)
			}
		}
	}
	return out, nil
}

func (s *source) Kinds() []ports.SearchKind {
	return []ports.SearchKind{ports.SearchUser, ports.SearchPost}
}

func (s *source) CountSearchDocs(_ context.Context, kind ports.SearchKind) (int, error) {
	return len(s.rows[kind]), nil
}

func (s *source) ListSearchDocs(_ context.Context, kind ports.SearchKind, after string, limit int) ([]ports.SearchDoc, error) {
	var out []ports.SearchDoc
	for _, d := range s.rows[kind] {
		if d.ID > after && len(out) < limit {
			out = append(out, d)
		}
	}
	return out, nil
}

// memoryQueue is search.IndexQueue in memory: Take hands out the oldest
// requests and drops them only when fn succeeds.
type memoryQueue struct{ docs []search.QueuedDoc }

func (q *memoryQueue) add(kind ports.SearchKind, ids ...string) {
	for _, id := range ids {
		q.docs = append(q.docs, search.QueuedDoc{Kind: kind, ID: id})
	}
}

func (q *memoryQueue) Take(ctx context.Context, limit int, fn func(context.Context, []search.QueuedDoc) error) (int, error) {
	n := min(limit, len(q.docs))
	if n == 0 {
		return 0, nil
	}
	if err := fn(ctx, q.docs[:n]); err != nil {
		return 0, err
	}
	q.docs = q.docs[n:]
	return n, nil
}

func TestIndexQueued(t *testing.T) {
	ctx := context.Background()
	src := &source{rows: map[ports.SearchKind][]ports.SearchDoc{
		ports.SearchUser: {{Kind: ports.SearchUser, ID: "u1", Handle: "ana"}},
		ports.SearchPost: {{Kind: ports.SearchPost, ID: "p1", Text: "oi", Public: true}},
	}}
	idx, queue := &fakeIndex{}, &memoryQueue{}
	uc := &search.IndexQueued{Queue: queue, Loader: src, Index: idx, Log: slog.New(slog.DiscardHandler)}
	handle := func(want int) {
		t.Helper()
		taken, err := uc.Handle(ctx)
		if err != nil || taken != want {
			t.Fatalf("taken %d, %v; want %d", taken, err, want)
		}
	}
	queue.add(ports.SearchUser, "u1")
	queue.add(ports.SearchPost, "p1", "p1") // twice: idempotent
	handle(3)
	if len(idx.docs) != 2 || len(queue.docs) != 0 {
		t.Fatalf("docs = %v, queued = %v", idx.docs, queue.docs)
	}
	handle(0)

	// The post became friends_only, then the user was deleted.
	src.rows[ports.SearchPost][0].Public = false
	src.rows[ports.SearchUser] = nil
	queue.add(ports.SearchPost, "p1")
	queue.add(ports.SearchUser, "u1")
	handle(2)
	if len(idx.docs) != 0 {
		t.Fatalf("docs = %v", idx.docs)
	}

	// A kind nobody reads leaves the queue; the others in its batch are
	// indexed.
	src.rows[ports.SearchUser] = []ports.SearchDoc{{Kind: ports.SearchUser, ID: "u2", Handle: "bia"}}
	queue.add(group, "g1")
	queue.add(ports.SearchUser, "u2")
	handle(2)
	if _, ok := idx.docs["user/u2"]; !ok || len(queue.docs) != 0 {
		t.Fatalf("docs = %v, queued = %v", idx.docs, queue.docs)
	}

	// A failed read keeps the requests queued.
	src.fail = errors.New("database down")
	queue.add(ports.SearchUser, "u1")
	if _, err := uc.Handle(ctx); err == nil || len(queue.docs) != 1 {
		t.Fatalf("failed read: %v, queued = %v", err, queue.docs)
	}

	// One pass takes one batch.
	src.fail = nil
	uc.Batch = 2
	queue.add(ports.SearchUser, "u3", "u4")
	handle(2)
	handle(1)
}

// lockedQueue lets Run's goroutine and the test share a memoryQueue.
type lockedQueue struct {
	mu sync.Mutex
	q  memoryQueue
}

func (l *lockedQueue) Take(ctx context.Context, limit int, fn func(context.Context, []search.QueuedDoc) error) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.q.Take(ctx, limit, fn)
}

func (l *lockedQueue) waiting() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.q.docs)
}

// flakySource fails its first reads, as a database that is restarting.
type flakySource struct {
	*source
	failures atomic.Int32
}

func (f *flakySource) LoadSearchDocs(ctx context.Context, kind ports.SearchKind, ids []string) ([]ports.SearchDoc, error) {
	if f.failures.Add(-1) >= 0 {
		return nil, errors.New("database restarting")
	}
	return f.source.LoadSearchDocs(ctx, kind, ids)
}

func TestIndexQueuedRunRetriesAndStops(t *testing.T) {
	src := &flakySource{source: &source{rows: map[ports.SearchKind][]ports.SearchDoc{
		ports.SearchUser: {{Kind: ports.SearchUser, ID: "u1", Handle: "ana"}},
	}}}
	src.failures.Store(2)
	queue, idx := &lockedQueue{}, &fakeIndex{}
	queue.q.add(ports.SearchUser, "u1")
	uc := &search.IndexQueued{Queue: queue, Loader: src, Index: idx, Log: slog.New(slog.DiscardHandler)}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); uc.Run(ctx, 5*time.Millisecond) }()
	deadline := time.Now().Add(5 * time.Second)
	for queue.waiting() > 0 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	cancel()
	select {
	case <-done:
	case <-time.After(time.Second):
		t.Fatal("Run did not stop with its context")
	}
	if queue.waiting() != 0 || src.failures.Load() >= 0 {
		t.Fatalf("queued %d, failures left %d", queue.waiting(), src.failures.Load())
	}
	if _, ok := idx.docs["user/u1"]; !ok {
		t.Fatalf("docs = %v", idx.docs)
	}
}

func TestRebuild(t *testing.T) {
	src := &source{rows: map[ports.SearchKind][]ports.SearchDoc{}}
	for _, id := range []string{"a", "b", "c", "d", "e"} {
		src.rows[ports.SearchUser] = append(src.rows[ports.SearchUser], ports.SearchDoc{Kind: ports.SearchUser, ID: id})
	}
	src.rows[ports.SearchPost] = []ports.SearchDoc{{Kind: ports.SearchPost, ID: "p", Public: true}}
	idx := &fakeIndex{}
	_ = idx.Upsert(context.Background(), ports.SearchDoc{Kind: ports.SearchUser, ID: "stale"})
	var seen []search.Progress
	uc := &search.Rebuild{Lister: src, Index: idx, BatchSize: 2, OnProgress: func(p search.Progress) { seen = append(seen, p) }}
	counts, err := uc.Handle(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if counts[ports.SearchUser] != 5 || counts[ports.SearchPost] != 1 || idx.resets != 1 || len(idx.docs) != 6 {
		t.Fatalf("counts = %v, resets %d, docs %v", counts, idx.resets, idx.docs)
	}
	last := seen[len(seen)-1]
	if len(seen) != 4 || last.Done != 6 || last.Total != 6 || seen[0].Done != 2 {
		t.Fatalf("progress = %+v", seen)
	}
}
