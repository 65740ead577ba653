package pgstore_test

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"
	"go.uber.org/fx"

	"social/adapters/postgres"
	"social/assembly"
	"social/plugins"
	"social/tests/testkit"
)

func TestMain(m *testing.M) { testkit.Main(m) }

func TestSessionsRunWithoutParallelPlans(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, err := postgres.NewPool(ctx, testkit.NewDatabase(t), 4)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	db := postgres.NewBun(pool)
	defer db.Close()
	// Every connection of the pool, whether bun or River takes it.
	for range 6 {
		var v string
		if err := db.NewRaw("SHOW max_parallel_workers_per_gather").Scan(ctx, &v); err != nil {
			t.Fatal(err)
		}
		if v != "0" {
			t.Fatalf("max_parallel_workers_per_gather = %s, want 0", v)
		}
	}
}

func TestMigrationsDownAndUpAgain(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	cfg := testkit.Config(testkit.NewDatabase(t))
	var m *postgres.Migrator
	app := fx.New(assembly.Database(cfg, testkit.Logger(), plugins.All()), fx.Populate(&m), fx.NopLogger)
	if err := app.Start(ctx); err != nil {
		t.Fatal(err)
	}
	defer app.Stop(ctx)

	countApplied := func() map[string]int {
		st, err := m.Status(ctx)
		if err != nil {
			t.Fatal(err)
		}
		n := map[string]int{}
		for _, s := range st {
			if s.Applied {
				n[s.Set]++
			} else {
				n[s.Set+" pending"]++
			}
		}
		return n
	}
	before := countApplied()
	if before["core"] == 0 || before["river"] == 0 || before["core pending"]+before["river pending"] != 0 {
		t.Fatalf("template status = %v", before)
	}

	// Down goes backwards: the newest version of the last set (core, then
	// River, then the plugins that are on, in list order).
	last := "river"
	for _, p := range plugins.All() {
		if cfg.PluginEnabled(p.Name) {
			last = p.Name
		}
	}
	set, undone, err := m.Down(ctx)
	if err != nil || set != last || len(undone) != 1 {
		t.Fatalf("down = %s %v %v, want one of %s", set, undone, err, last)
	}
	if after := countApplied(); after[last+" pending"] != 1 {
		t.Fatalf("after down: %v", after)
	}
	applied, err := m.Up(ctx)
	if err != nil || len(applied) != 1 || applied[0].Set != last {
		t.Fatalf("up = %v %v", applied, err)
	}
	// Nothing pending: up again is a no-op.
	if again, err := m.Up(ctx); err != nil || len(again) != 0 {
		t.Fatalf("second up = %v %v", again, err)
	}
	var fn string
	db := postgres.NewBun(mustPool(t, cfg.Database.URL))
	t.Cleanup(func() { _ = db.Close() })
	if err := db.NewRaw("SELECT immutable_unaccent('Música')").Scan(ctx, &fn); err != nil || fn != "Musica" {
		t.Fatalf("core migration's unaccent helper: %q %v", fn, err)
	}
}

func mustPool(t *testing.T, url string) *pgxpool.Pool {
	t.Helper()
	p, err := postgres.NewPool(context.Background(), url, 2)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(p.Close)
	return p
}
