package realtime_test

import (
	"context"
	"errors"
	"log/slog"
	"sync/atomic"
	"testing"

	"social/adapters/realtime"
	"social/core/ports"
	"social/platform/pgkit"
	"social/tests/testkit/sqlrig"
)

// An event told inside a unit of work reaches its subscribers once the
// unit commits, never when it rolls back, and at once outside one: a use
// case running inside another's transaction must not announce what
// cannot be read yet.
func TestEventsWaitForTheirCommit(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	tx := pgkit.NewTransactor(sqlrig.New(t).DB)
	bus := realtime.NewMemoryBus()
	var heard atomic.Int32
	defer bus.Subscribe(func(string, []byte) { heard.Add(1) })()
	b := realtime.NewCommittedBroadcaster(bus, tx, slog.Default())
	event := ports.Event{Type: "post.created", Data: map[string]string{"id": "1"}}

	err := tx.InTx(ctx, func(ctx context.Context) error {
		// A use case of its own inside: its transaction joins this one.
		if err := tx.InTx(ctx, func(context.Context) error { return nil }); err != nil {
			return err
		}
		if err := b.Publish(ctx, "feed:public", event); err != nil {
			return err
		}
		if n := heard.Load(); n != 0 {
			t.Errorf("heard %d events before the commit", n)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n := heard.Load(); n != 1 {
		t.Fatalf("heard %d events after the commit, want 1", n)
	}

	undone := errors.New("undone")
	err = tx.InTx(ctx, func(ctx context.Context) error {
		if err := b.Publish(ctx, "feed:public", event); err != nil {
			return err
		}
		return undone
	})
	if !errors.Is(err, undone) || heard.Load() != 1 {
		t.Fatalf("after a rollback: %v, heard %d events, want 1", err, heard.Load())
	}

	if err := b.Publish(ctx, "feed:public", event); err != nil || heard.Load() != 2 {
		t.Fatalf("outside a unit of work: %v, heard %d events, want 2", err, heard.Load())
	}
	if err := b.Publish(ctx, "no topic", event); err == nil {
		t.Fatal("an invalid topic is answered as an error")
	}
}
