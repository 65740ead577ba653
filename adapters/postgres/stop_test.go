package postgres_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/uptrace/bun"
	"go.uber.org/fx"

	"social/adapters/postgres"
	"social/tests/testkit"
)

// database/sql keeps connections idle that the pool counts as in use, and
// the pool's Close waits for every one of them: the module must hand them
// back before closing the pool, or every stop would wait out its deadline.
func TestStopHandsBackIdleConnectionsBeforeClosingThePool(t *testing.T) {
	cfg := testkit.Config(testkit.NewDatabase(t))
	var db *bun.DB
	var pool *pgxpool.Pool
	app := fx.New(fx.NopLogger, fx.Supply(cfg, testkit.Logger()), postgres.Module, fx.Populate(&db, &pool))
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := app.Start(ctx); err != nil {
		t.Fatal(err)
	}
	// Statements at once leave several connections idle in database/sql.
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			if _, err := db.ExecContext(ctx, "SELECT pg_sleep(0.05)"); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if idle := db.Stats().Idle; idle < 2 {
		t.Fatalf("database/sql keeps %d connections idle, want at least 2", idle)
	}
	stopCtx, stop := context.WithTimeout(context.Background(), 3*time.Second)
	defer stop()
	began := time.Now()
	if err := app.Stop(stopCtx); err != nil {
		t.Fatalf("stop: %v", err)
	}
	if took := time.Since(began); took > time.Second {
		t.Fatalf("stop took %s", took)
	}
}

// A connection still out when the stop comes (a statement that outlived
// its request) holds the pool's Close no longer than the stop's deadline.
func TestStopOfThePoolHonoursItsDeadline(t *testing.T) {
	cfg := testkit.Config(testkit.NewDatabase(t))
	var pool *pgxpool.Pool
	app := fx.New(fx.NopLogger, fx.Supply(cfg, testkit.Logger()), postgres.Module, fx.Populate(&pool))
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := app.Start(ctx); err != nil {
		t.Fatal(err)
	}
	held, err := pool.Acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer held.Release()
	stopCtx, stop := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer stop()
	began := time.Now()
	err = app.Stop(stopCtx)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("stop with a connection out = %v, want the deadline's error", err)
	}
	if took := time.Since(began); took > 2*time.Second {
		t.Fatalf("stop took %s past a 300 ms deadline", took)
	}
}
