package postgres

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/uptrace/bun"
	"go.uber.org/fx"

	"social/core/domain"
	"social/core/ports"
	"social/platform/pgkit"
)

// accessChannel is the PostgreSQL notification channel of access changes.
// Notifications travel with the database every node and every command
// already share, so a change made by the command line reaches the serving
// nodes as surely as one made through the API, with or without NATS.
const accessChannel = "social_access"

// AccessNotifier sends access changes as PostgreSQL notifications: inside
// the caller's transaction when there is one (sent on commit, never on a
// rollback), else at once.
type AccessNotifier struct {
	db  *bun.DB
	log *slog.Logger
}

var (
	_ ports.AccessChanges = (*AccessNotifier)(nil)
	_ ports.SessionEnds   = (*AccessNotifier)(nil)
)

// NewAccessNotifier notifies through db.
func NewAccessNotifier(db *bun.DB, logger *slog.Logger) *AccessNotifier {
	return &AccessNotifier{db: db, log: logger}
}

// SessionsEnded asks every node to check user's sockets' sessions now.
func (n *AccessNotifier) SessionsEnded(ctx context.Context, user domain.UserID) {
	n.notify(ctx, ports.AccessNotice{Kind: ports.NoticeSessionsEnded, Member: user})
}

// MemberAccessChanged asks every node to authorize member's subscriptions
// again.
func (n *AccessNotifier) MemberAccessChanged(ctx context.Context, member domain.UserID) {
	n.notify(ctx, ports.AccessNotice{Kind: ports.NoticeMemberAccess, Member: member})
}

// TopicAccessChanged asks every node to authorize topic's subscribers
// again.
func (n *AccessNotifier) TopicAccessChanged(ctx context.Context, topic string) {
	n.notify(ctx, ports.AccessNotice{Kind: ports.NoticeTopicAccess, Topic: topic})
}

// notify never fails its caller: a lost notice is made up for by the
// listeners' full recheck after a reconnect, and by the sessions' periodic
// recheck.
func (n *AccessNotifier) notify(ctx context.Context, notice ports.AccessNotice) {
	if _, inTx := pgkit.TxFrom(ctx); !inTx {
		// After a commit the notice must go out even if the request that
		// made the change has just been abandoned by its client.
		ctx = context.WithoutCancel(ctx)
	}
	if _, err := pgkit.IDB(ctx, n.db).ExecContext(ctx, "SELECT pg_notify(?, ?)", accessChannel, notice.String()); err != nil {
		n.log.Warn("access notice not sent", "notice", notice.String(), "err", err)
	}
}

// AccessListener hears the access changes of every node on one connection
// of its own (LISTEN holds a connection for good, so it is not taken from
// the shared pool). Handlers are called in order, from one goroutine; they
// must not block.
type AccessListener struct {
	pool *pgxpool.Pool
	log  *slog.Logger

	mu       sync.Mutex
	handlers map[int]accessHandlers
	next     int

	cancel context.CancelFunc
	done   chan struct{}
}

type accessHandlers struct {
	notice func(ports.AccessNotice)
	missed func()
}

// NewAccessListener listens with pool's connection settings once started.
func NewAccessListener(pool *pgxpool.Pool, logger *slog.Logger) *AccessListener {
	return &AccessListener{pool: pool, log: logger.With("component", "access-listener"), handlers: map[int]accessHandlers{}}
}

// Listen calls notice for every access change, and missed after the
// listening connection came back from a failure (notices may have been
// lost meanwhile: whoever listens checks everything again). stop ends it.
func (l *AccessListener) Listen(notice func(ports.AccessNotice), missed func()) (stop func()) {
	l.mu.Lock()
	defer l.mu.Unlock()
	id := l.next
	l.next++
	l.handlers[id] = accessHandlers{notice: notice, missed: missed}
	return func() {
		l.mu.Lock()
		delete(l.handlers, id)
		l.mu.Unlock()
	}
}

// Start listens before it returns, so that no change made once the node
// serves goes unheard; then it goes on in the background, reconnecting
// after failures.
func (l *AccessListener) Start(ctx context.Context) error {
	conn, err := l.connect(ctx)
	if err != nil {
		return fmt.Errorf("listen for access changes: %w", err)
	}
	runCtx, cancel := context.WithCancel(context.Background())
	l.cancel, l.done = cancel, make(chan struct{})
	go l.run(runCtx, conn)
	return nil
}

// Stop ends the listening connection, within ctx.
func (l *AccessListener) Stop(ctx context.Context) error {
	if l.cancel == nil {
		return nil
	}
	l.cancel()
	select {
	case <-l.done:
		return nil
	case <-ctx.Done():
		return fmt.Errorf("stop listening for access changes: %w", ctx.Err())
	}
}

func (l *AccessListener) connect(ctx context.Context) (*pgx.Conn, error) {
	pcfg := l.pool.Config()
	cc := pcfg.ConnConfig.Copy()
	if pcfg.BeforeConnect != nil {
		if err := pcfg.BeforeConnect(ctx, cc); err != nil {
			return nil, err
		}
	}
	conn, err := pgx.ConnectConfig(ctx, cc)
	if err != nil {
		return nil, err
	}
	if _, err := conn.Exec(ctx, "LISTEN "+accessChannel); err != nil {
		_ = conn.Close(context.Background())
		return nil, err
	}
	return conn, nil
}

// reconnectDelays: quick at first, then every few seconds while the
// database is away.
var reconnectDelays = []time.Duration{100 * time.Millisecond, 500 * time.Millisecond, time.Second, 3 * time.Second}

func (l *AccessListener) run(ctx context.Context, conn *pgx.Conn) {
	defer close(l.done)
	for {
		err := l.receive(ctx, conn)
		closeCtx, cancel := context.WithTimeout(context.Background(), time.Second)
		_ = conn.Close(closeCtx)
		cancel()
		if ctx.Err() != nil {
			return
		}
		l.log.Warn("access notices interrupted; reconnecting", "err", err)
		for attempt := 0; ; attempt++ {
			select {
			case <-ctx.Done():
				return
			case <-time.After(reconnectDelays[min(attempt, len(reconnectDelays)-1)]):
			}
			if conn, err = l.connect(ctx); err == nil {
				break
			}
		}
		l.log.Info("access notices listening again")
		for _, h := range l.snapshot() {
			h.missed()
		}
	}
}

func (l *AccessListener) receive(ctx context.Context, conn *pgx.Conn) error {
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		notice, ok := ports.ParseAccessNotice(n.Payload)
		if !ok {
			l.log.Warn("access notice not understood", "payload", n.Payload)
			continue
		}
		for _, h := range l.snapshot() {
			h.notice(notice)
		}
	}
}

func (l *AccessListener) snapshot() []accessHandlers {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := make([]accessHandlers, 0, len(l.handlers))
	for _, h := range l.handlers {
		out = append(out, h)
	}
	return out
}

// provideAccessListener ties the listener to the app's life.
func provideAccessListener(lc fx.Lifecycle, pool *pgxpool.Pool, logger *slog.Logger) *AccessListener {
	l := NewAccessListener(pool, logger)
	lc.Append(fx.Hook{OnStart: l.Start, OnStop: l.Stop})
	return l
}
