package postgres_test

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/google/uuid"

	"social/adapters/postgres"
	"social/core/domain"
	"social/core/ports/portstest"
)

// A claim whose process is killed mid-request is taken over by a retry on
// another node once the dead process's lease lapses (30 s), not after the
// ten-minute abandon time; a claim of a live process stays in progress.
func TestAClaimOfAProcessThatDiedIsTakenOver(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := newServerDB(t, 4)
	clock := &portstest.Clock{At: time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)}
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	leaseA, leaseB := postgres.NewNodeLease(db, clock, quiet), postgres.NewNodeLease(db, clock, quiet)
	t.Cleanup(func() { _ = leaseA.Stop(ctx); _ = leaseB.Stop(ctx) })
	nodeA := postgres.NewIdempotencyKeys(db, clock, leaseA)
	nodeB := postgres.NewIdempotencyKeys(db, clock, leaseB)

	member := domain.UserID(uuid.Must(uuid.NewV7()))
	if _, err := db.NewRaw(`INSERT INTO accounts (id, email, password_hash, created_at, updated_at)
		VALUES (?, 'ana@example.com', 'x', ?, ?)`, uuid.UUID(member), clock.At, clock.At).Exec(ctx); err != nil {
		t.Fatal(err)
	}
	const abandon = 10 * time.Minute
	claim := func(node *postgres.IdempotencyKeys, key string) (bool, bool) {
		t.Helper()
		claimed, stored, err := node.Claim(ctx, member, key, abandon)
		if err != nil {
			t.Fatal(err)
		}
		return claimed, stored.Done
	}

	if claimed, _ := claim(nodeA, "k1"); !claimed {
		t.Fatal("node A did not get a new key")
	}
	if claimed, done := claim(nodeB, "k1"); claimed || done {
		t.Fatalf("a retry on node B while node A runs: claimed=%v done=%v, want in progress", claimed, done)
	}

	// renewed is a lease as its process renews it every few seconds (the
	// test's clock jumps; the renewals follow the real one).
	renewed := func(l *postgres.NodeLease) {
		t.Helper()
		if _, err := db.NewRaw(`UPDATE node_leases SET alive_until = ? WHERE node_id = ?`,
			clock.At.Add(30*time.Second), l.ID()).Exec(ctx); err != nil {
			t.Fatal(err)
		}
	}

	// Node A lives on past the lease's first term: still in progress.
	clock.At = clock.At.Add(31 * time.Second)
	renewed(leaseA)
	if claimed, _ := claim(nodeB, "k1"); claimed {
		t.Fatal("node B took over the claim of a process that is alive")
	}

	// Node A dies: its lease is no longer renewed and lapses.
	if err := leaseA.Stop(ctx); err != nil {
		t.Fatal(err)
	}
	clock.At = clock.At.Add(31 * time.Second)
	if claimed, _ := claim(nodeB, "k1"); !claimed {
		t.Fatal("node B could not take over the claim of a process whose lease lapsed")
	}
	renewed(leaseB)
	leaseC := postgres.NewNodeLease(db, clock, quiet)
	t.Cleanup(func() { _ = leaseC.Stop(ctx) })
	nodeC := postgres.NewIdempotencyKeys(db, clock, leaseC)
	if claimed, _ := claim(nodeC, "k1"); claimed {
		t.Fatal("the claim node B took over was taken again while node B runs")
	}
}
