package pgstore_test

import (
	"context"
	"log/slog"
	"testing"
	"time"

	"social/core/ports"
	search "social/features/search/app"
	searchstore "social/features/search/pgstore"
	"social/platform/pgkit"
	"social/tests/testkit"
	"social/tests/testkit/sqlrig"
)

func TestMain(m *testing.M) { testkit.Main(m) }

// deletions remembers what the indexer removed.
type deletions struct {
	ports.SearchIndex
	ids map[ports.SearchKind][]string
}

func (d *deletions) Upsert(context.Context, ...ports.SearchDoc) error { return nil }

func (d *deletions) Delete(_ context.Context, kind ports.SearchKind, ids ...string) error {
	if d.ids == nil {
		d.ids = map[ports.SearchKind][]string{}
	}
	d.ids[kind] = append(d.ids[kind], ids...)
	return nil
}

// A kind no source reads leaves the queue (a plugin that is off); an ID
// that names no row is removed from the index.
func TestIndexerDropsWhatNobodyReads(t *testing.T) {
	db := sqlrig.New(t).DB
	ctx := context.Background()
	queue := searchstore.NewSearchQueue(db)
	for _, d := range []search.QueuedDoc{{Kind: "community", ID: "c1"}, {Kind: ports.SearchPost, ID: "nope"}} {
		if err := queue.EnqueueIndex(ctx, d.Kind, d.ID); err != nil {
			t.Fatal(err)
		}
	}
	index := &deletions{}
	uc := &search.IndexQueued{Queue: queue, Loader: searchstore.NewSearchSource(db), Index: index, Log: slog.New(slog.DiscardHandler)}
	taken, err := uc.Handle(ctx)
	if err != nil || taken != 2 {
		t.Fatalf("taken %d, %v", taken, err)
	}
	if got := index.ids[ports.SearchPost]; len(got) != 1 || got[0] != "nope" || len(index.ids["community"]) != 0 {
		t.Fatalf("deleted %v", index.ids)
	}
	if taken, err := uc.Handle(ctx); err != nil || taken != 0 {
		t.Fatalf("second pass: taken %d, %v", taken, err)
	}
}

// Requests leave the queue with the transaction that handled them, and a
// second process takes nothing while one is at work: it could otherwise
// write an older read of the same document last.
func TestQueueHasOneTakerAtATime(t *testing.T) {
	db := sqlrig.New(t).DB
	ctx := context.Background()
	queue := searchstore.NewSearchQueue(db)
	err := pgkit.NewTransactor(db).InTx(ctx, func(ctx context.Context) error {
		for _, id := range []string{"a", "b", "a"} {
			if err := queue.EnqueueIndex(ctx, ports.SearchUser, id); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}

	inside, release := make(chan []search.QueuedDoc), make(chan error)
	defer close(release) // a failed test lets the first taker end too
	first := make(chan int, 1)
	go func() {
		n, err := queue.Take(ctx, 10, func(_ context.Context, docs []search.QueuedDoc) error {
			inside <- docs
			return <-release
		})
		if err != nil {
			t.Error(err)
		}
		first <- n
	}()
	docs := <-inside
	if len(docs) != 2 {
		t.Fatalf("docs = %v (each document once)", docs)
	}
	// Without the lock the second would wait for the first's rows.
	bounded, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	n, err := queue.Take(bounded, 10, func(context.Context, []search.QueuedDoc) error {
		t.Error("a second taker got requests")
		return nil
	})
	if err != nil || n != 0 {
		t.Fatalf("second taker: %d, %v", n, err)
	}
	release <- nil
	select {
	case n := <-first:
		if n != 3 {
			t.Fatalf("first taker took %d requests, want 3", n)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the first taker did not finish")
	}
	if n, err := db.NewSelect().TableExpr("search_queue").Count(ctx); err != nil || n != 0 {
		t.Fatalf("queued after the take: %d, %v", n, err)
	}
}

// A failed pass leaves its requests queued.
func TestFailedTakeKeepsRequests(t *testing.T) {
	db := sqlrig.New(t).DB
	ctx := context.Background()
	queue := searchstore.NewSearchQueue(db)
	if err := queue.EnqueueIndex(ctx, ports.SearchUser, "a"); err != nil {
		t.Fatal(err)
	}
	if _, err := queue.Take(ctx, 10, func(context.Context, []search.QueuedDoc) error { return context.DeadlineExceeded }); err == nil {
		t.Fatal("the failure was not returned")
	}
	if n, err := db.NewSelect().TableExpr("search_queue").Count(ctx); err != nil || n != 1 {
		t.Fatalf("queued after a failed take: %d, %v", n, err)
	}
}
