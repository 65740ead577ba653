package postgres

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"
	"go.uber.org/fx"

	"social/core/ports"
)

const (
	// nodeLeaseTTL is how long a process counts as alive after its last
	// renewal: several renewals may fail (a database blip) before its
	// claims can be taken over.
	nodeLeaseTTL = 20 * time.Second
	// nodeLeaseRenewEvery is how often a process renews its lease.
	nodeLeaseRenewEvery = 5 * time.Second
)

// NodeLease is this process's lease in node_leases: a random ID, alive
// while the process renews it. It is taken on first use (by then the
// migrations have run). When the process stops it is no longer renewed
// but left to lapse, not deleted: requests still draining keep their
// claims; a stopped or killed process holds nothing after nodeLeaseTTL.
type NodeLease struct {
	db    *bun.DB
	clock ports.Clock
	log   *slog.Logger
	id    uuid.UUID

	mu      sync.Mutex
	taken   bool
	stop    chan struct{}
	stopped chan struct{}
}

// NewNodeLease makes this process's lease, not yet taken.
func NewNodeLease(db *bun.DB, clock ports.Clock, log *slog.Logger) *NodeLease {
	return &NodeLease{db: db, clock: clock, log: log, id: uuid.Must(uuid.NewV7())}
}

// ID is the process's node ID.
func (l *NodeLease) ID() uuid.UUID { return l.id }

// Take writes the lease if it is not held yet and starts renewing it.
func (l *NodeLease) Take(ctx context.Context) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.taken {
		return nil
	}
	if err := l.renew(ctx); err != nil {
		return err
	}
	l.taken, l.stop, l.stopped = true, make(chan struct{}), make(chan struct{})
	go l.keep(l.stop, l.stopped)
	return nil
}

func (l *NodeLease) renew(ctx context.Context) error {
	_, err := l.db.NewRaw(`INSERT INTO node_leases (node_id, alive_until) VALUES (?, ?)
		ON CONFLICT (node_id) DO UPDATE SET alive_until = EXCLUDED.alive_until`,
		l.id, l.clock.Now().Add(nodeLeaseTTL)).Exec(ctx)
	if err != nil {
		return fmt.Errorf("renew node lease: %w", err)
	}
	return nil
}

func (l *NodeLease) keep(stop <-chan struct{}, stopped chan<- struct{}) {
	defer close(stopped)
	tick := time.NewTicker(nodeLeaseRenewEvery)
	defer tick.Stop()
	for {
		select {
		case <-stop:
			return
		case <-tick.C:
			ctx, cancel := context.WithTimeout(context.Background(), nodeLeaseRenewEvery)
			if err := l.renew(ctx); err != nil {
				l.log.Warn("node lease not renewed", "err", err)
			}
			cancel()
		}
	}
}

// Stop stops renewing the lease, within ctx; the lease lapses.
func (l *NodeLease) Stop(ctx context.Context) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if !l.taken {
		return nil
	}
	l.taken = false
	close(l.stop)
	select {
	case <-l.stopped:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// stopLeaseWithApp stops renewing the lease when the application stops.
func stopLeaseWithApp(lc fx.Lifecycle, l *NodeLease) {
	lc.Append(fx.Hook{OnStop: l.Stop})
}
