package postgres_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"social/adapters/postgres"
	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
	"social/core/ports/portstest"
	"social/kit/httpkit"
	"social/platform/pgkit"
)

// keyedWrites is a database with a member, a table standing for what a
// create writes, and two processes' idempotency stores on it.
type keyedWrites struct {
	db           *bun.DB
	clock        *portstest.MovingClock
	member       domain.UserID
	leaseA       *postgres.NodeLease
	nodeA, nodeB *postgres.IdempotencyKeys
}

func newKeyedWrites(t *testing.T) *keyedWrites {
	t.Helper()
	ctx := context.Background()
	db := newServerDB(t, 4)
	clock := portstest.NewMovingClock(time.Now().UTC())
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	leaseA, leaseB := postgres.NewNodeLease(db, clock, quiet), postgres.NewNodeLease(db, clock, quiet)
	t.Cleanup(func() { _ = leaseA.Stop(ctx); _ = leaseB.Stop(ctx) })
	k := &keyedWrites{db: db, clock: clock, member: domain.UserID(uuid.Must(uuid.NewV7())), leaseA: leaseA,
		nodeA: postgres.NewIdempotencyKeys(db, clock, leaseA), nodeB: postgres.NewIdempotencyKeys(db, clock, leaseB)}
	t.Cleanup(func() { _ = k.nodeA.Stop(ctx); _ = k.nodeB.Stop(ctx) })
	now := clock.Now()
	if _, err := db.NewRaw(`INSERT INTO accounts (id, email, password_hash, created_at, updated_at)
		VALUES (?, 'ana@example.com', 'x', ?, ?)`, uuid.UUID(k.member), now, now).Exec(ctx); err != nil {
		t.Fatal(err)
	}
	// A deferred check fails at COMMIT itself, after everything the
	// transaction ran before it, the committed mark included.
	if _, err := db.ExecContext(ctx, `CREATE TABLE writes (
		text text NOT NULL,
		CONSTRAINT no_bad UNIQUE (text) DEFERRABLE INITIALLY DEFERRED)`); err != nil {
		t.Fatal(err)
	}
	return k
}

// write inserts texts in a transaction that marks key committed, as a
// request holding key does (with no node, what ctx carries marks it).
func (k *keyedWrites) write(ctx context.Context, node *postgres.IdempotencyKeys, key string, texts ...string) error {
	if node != nil {
		ctx = ports.WithBeforeCommit(ctx, func(ctx context.Context) error { return node.MarkCommitted(ctx, k.member, key) })
	}
	return pgkit.NewTransactor(k.db).InTx(ctx, func(ctx context.Context) error {
		for _, text := range texts {
			if _, err := pgkit.IDB(ctx, k.db).NewRaw(`INSERT INTO writes (text) VALUES (?)`, text).Exec(ctx); err != nil {
				return err
			}
		}
		return nil
	})
}

func (k *keyedWrites) count(t *testing.T, query string, args ...any) int {
	t.Helper()
	var n int
	if err := k.db.NewRaw(query, args...).Scan(context.Background(), &n); err != nil {
		t.Fatal(err)
	}
	return n
}

// The mark is written inside the write's transaction: a write whose
// commit fails leaves the key unmarked (and a retry runs it), one that
// commits leaves it marked.
func TestTheCommittedMarkIsPartOfTheWritesTransaction(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	k := newKeyedWrites(t)
	if claimed, _, err := k.nodeA.Claim(ctx, k.member, "k1", 10*time.Minute); err != nil || !claimed {
		t.Fatalf("claim: %v %v", claimed, err)
	}
	if err := k.write(ctx, k.nodeA, "k1", "same", "same"); err == nil {
		t.Fatal("the commit broke the deferred constraint and still succeeded")
	}
	marked := `SELECT count(*) FROM idempotency_keys WHERE key = ? AND committed_at IS NOT NULL`
	if n := k.count(t, marked, "k1"); n != 0 {
		t.Fatal("a rolled-back write left its key marked committed")
	}
	if err := k.write(ctx, k.nodeA, "k1", "one"); err != nil {
		t.Fatal(err)
	}
	if n := k.count(t, marked, "k1"); n != 1 {
		t.Fatal("a committed write did not mark its key")
	}
}

// A create that committed, whose process died before storing its answer,
// is not run again by the retry that takes its claim over: the key
// answers Applied. The dead process, were it still running, could not
// commit a second write under the claim taken from it.
func TestATakenOverClaimWhoseWriteCommittedIsNotRunAgain(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	k := newKeyedWrites(t)
	if claimed, _, err := k.nodeA.Claim(ctx, k.member, "k1", 10*time.Minute); err != nil || !claimed {
		t.Fatalf("claim: %v %v", claimed, err)
	}
	if err := k.write(ctx, k.nodeA, "k1", "post"); err != nil {
		t.Fatal(err)
	}
	// Process A dies before its Finish: its lease lapses.
	if err := k.leaseA.Stop(ctx); err != nil {
		t.Fatal(err)
	}
	k.clock.Advance(31 * time.Second)
	claimed, stored, err := k.nodeB.Claim(ctx, k.member, "k1", 10*time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	if claimed || !stored.Applied || stored.Done {
		t.Fatalf("retry after the holder died: claimed=%v applied=%v done=%v; want applied, not run again",
			claimed, stored.Applied, stored.Done)
	}
	if n := k.count(t, `SELECT count(*) FROM writes`); n != 1 {
		t.Fatalf("%d writes, want 1", n)
	}

	// A claim taken over before its write committed: the old holder's
	// commit is refused, the new holder's goes through.
	if claimed, _, _ := k.nodeA.Claim(ctx, k.member, "k2", 10*time.Minute); !claimed {
		t.Fatal("no claim on k2")
	}
	if err := k.leaseA.Stop(ctx); err != nil {
		t.Fatal(err)
	}
	k.clock.Advance(31 * time.Second)
	if claimed, _, _ := k.nodeB.Claim(ctx, k.member, "k2", 10*time.Minute); !claimed {
		t.Fatal("node B did not take k2 over")
	}
	if err := k.write(ctx, k.nodeA, "k2", "late"); !errors.Is(err, ports.ErrIdempotencyClaimLost) {
		t.Fatalf("the old holder's write under a lost claim: %v, want ErrIdempotencyClaimLost", err)
	}
	if err := k.write(ctx, k.nodeB, "k2", "taken over"); err != nil {
		t.Fatal(err)
	}
	if n := k.count(t, `SELECT count(*) FROM writes WHERE text IN ('late', 'taken over')`); n != 1 {
		t.Fatalf("%d writes under k2, want 1", n)
	}
}

// Through httpkit.Idempotency: a create that commits but answers the
// server's failure (the database went away before its answer was built)
// is not run again by its retry, which is told it was carried out.
func TestARetryOfACommittedCreateWithoutAnAnswerIsToldItWasApplied(t *testing.T) {
	t.Parallel()
	k := newKeyedWrites(t)
	once := httpkit.NewIdempotency(k.nodeA)
	runs := 0
	create := func(w http.ResponseWriter, r *http.Request) {
		runs++
		if err := k.write(r.Context(), nil, "k1", "post"); err != nil {
			t.Error(err)
		}
		w.WriteHeader(http.StatusServiceUnavailable)
	}
	send := func() (int, string) {
		r := httptest.NewRequest(http.MethodPost, "/api/v1/posts", strings.NewReader(`{"text_content":"a"}`))
		w := httptest.NewRecorder()
		code := ""
		once.Serve(w, r, k.member, "k1", func(err error) {
			var e *errs.Error
			if errors.As(err, &e) {
				code = e.Code
			}
			w.WriteHeader(http.StatusConflict)
		}, create)
		return w.Code, code
	}
	if status, _ := send(); status != http.StatusServiceUnavailable {
		t.Fatalf("first answer %d", status)
	}
	status, code := send()
	if status != http.StatusConflict || code != httpkit.CodeIdempotencyApplied {
		t.Fatalf("retry: %d %q, want 409 %s", status, code, httpkit.CodeIdempotencyApplied)
	}
	if runs != 1 || k.count(t, `SELECT count(*) FROM writes`) != 1 {
		t.Fatalf("the create ran %d times", runs)
	}
}

// A Finish that fails (the store unreachable: here its table is away) is
// tried again in the background and lands once the store works again;
// so does a Release, which frees the key for a retry. A live process's
// claim does not stay in progress for the abandon time.
func TestAFailedFinishOrReleaseIsRetriedInTheBackground(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	k := newKeyedWrites(t)
	postgres.SetKeyWriteBackoff(k.nodeA, 50*time.Millisecond, 100*time.Millisecond)
	for _, key := range []string{"finished", "released"} {
		if claimed, _, err := k.nodeA.Claim(ctx, k.member, key, 10*time.Minute); err != nil || !claimed {
			t.Fatalf("claim %s: %v %v", key, claimed, err)
		}
	}
	if _, err := k.db.ExecContext(ctx, `ALTER TABLE idempotency_keys RENAME TO idempotency_keys_away`); err != nil {
		t.Fatal(err)
	}
	answer := ports.IdempotentAnswer{Done: true, Fingerprint: []byte{1}, Status: 201, ContentType: "application/json", Body: []byte(`{"id":"p"}`)}
	if err := k.nodeA.Finish(ctx, k.member, "finished", answer); err == nil {
		t.Fatal("Finish succeeded without its table")
	}
	if err := k.nodeA.Release(ctx, k.member, "released"); err == nil {
		t.Fatal("Release succeeded without its table")
	}
	time.Sleep(300 * time.Millisecond) // a few failed rounds
	if _, err := k.db.ExecContext(ctx, `ALTER TABLE idempotency_keys_away RENAME TO idempotency_keys`); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		_, stored, err := k.nodeB.Claim(ctx, k.member, "finished", 10*time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		left := k.count(t, `SELECT count(*) FROM idempotency_keys WHERE key = 'released'`)
		if stored.Done && left == 0 {
			if stored.Status != 201 || string(stored.Body) != `{"id":"p"}` {
				t.Fatalf("stored answer %d %s", stored.Status, stored.Body)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("after the store came back: answer stored %v, released key still there %v", stored.Done, left == 1)
		}
		time.Sleep(50 * time.Millisecond)
	}
	stop, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	if err := k.nodeA.Stop(stop); err != nil {
		t.Fatalf("stop: %v", err)
	}
}
