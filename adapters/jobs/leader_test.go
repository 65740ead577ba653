package jobs_test

import (
	"context"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"go.uber.org/fx/fxtest"

	"social/adapters/jobs"
	"social/adapters/postgres"
	"social/kit/plugin"
	"social/platform/pgkit"
	"social/tests/testkit"
)

func TestMain(m *testing.M) { testkit.Main(m) }

type tickArgs struct{}

func (tickArgs) Kind() string { return "jobstest.tick" }

type probeArgs struct{ N int }

func (probeArgs) Kind() string { return "jobstest.probe" }

// record keeps which clients worked what.
type record struct {
	mu     sync.Mutex
	ticks  int
	probed map[string]bool // client IDs that worked a probe
}

type tickWorker struct {
	river.WorkerDefaults[tickArgs]
	r *record
}

func (w *tickWorker) Work(context.Context, *river.Job[tickArgs]) error {
	w.r.mu.Lock()
	defer w.r.mu.Unlock()
	w.r.ticks++
	return nil
}

type probeWorker struct {
	river.WorkerDefaults[probeArgs]
	r *record
}

func (w *probeWorker) Work(_ context.Context, j *river.Job[probeArgs]) error {
	w.r.mu.Lock()
	defer w.r.mu.Unlock()
	for _, id := range j.AttemptedBy {
		w.r.probed[id] = true
	}
	return nil
}

type node struct {
	client *river.Client[pgx.Tx]
	lc     *fxtest.Lifecycle
}

// startNode runs a job client exactly as `social serve` builds it.
func startNode(t *testing.T, dbURL string, pool *pgxpool.Pool, r *record) node {
	t.Helper()
	lc := fxtest.NewLifecycle(t)
	db := postgres.NewBun(pool)
	t.Cleanup(func() { _ = db.Close() })
	tick := river.NewPeriodicJob(river.PeriodicInterval(time.Hour),
		func() (river.JobArgs, *river.InsertOpts) { return tickArgs{}, nil },
		&river.PeriodicJobOpts{RunOnStart: true})
	client, _, err := jobs.NewClient(jobs.Params{
		Lifecycle: lc, Config: testkit.Config(dbURL), Logger: testkit.Logger(),
		Background:   pgkit.BackgroundDB{DB: db, Pool: pool},
		Schema:       postgres.SchemaReady{},
		Workers:      []plugin.Worker{plugin.NewWorker("", &tickWorker{r: r}), plugin.NewWorker("", &probeWorker{r: r})},
		PeriodicJobs: []plugin.PeriodicJob{{Name: "tick", Job: tick}},
	})
	if err != nil {
		t.Fatal(err)
	}
	lc.RequireStart()
	return node{client: client, lc: lc}
}

func eventually(t *testing.T, what string, ok func() bool) {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); !ok(); time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("never: %s", what)
		}
	}
}

// Every node runs River; only the elected leader enqueues periodic jobs,
// so two nodes on one database run a periodic job once, and when the
// leader stops the other takes the schedule over.
func TestPeriodicJobRunsOnceAcrossNodes(t *testing.T) {
	dbURL := testkit.NewDatabase(t)
	pool, err := postgres.NewPool(t.Context(), dbURL, 20)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	r := &record{probed: map[string]bool{}}
	a := startNode(t, dbURL, pool, r)
	b := startNode(t, dbURL, pool, r)
	ids := []string{a.client.ID(), b.client.ID()}

	// Both nodes work jobs: keep inserting probes until each has worked one.
	n := 0
	eventually(t, "both nodes work jobs", func() bool {
		n++
		if _, err := a.client.Insert(t.Context(), probeArgs{N: n}, nil); err != nil {
			t.Fatal(err)
		}
		r.mu.Lock()
		defer r.mu.Unlock()
		return r.probed[ids[0]] && r.probed[ids[1]]
	})
	var leader string
	eventually(t, "a leader is elected and the periodic job ran", func() bool {
		_ = pool.QueryRow(t.Context(), `SELECT leader_id FROM river_leader`).Scan(&leader)
		r.mu.Lock()
		defer r.mu.Unlock()
		return leader != "" && r.ticks > 0
	})
	if !slices.Contains(ids, leader) {
		t.Fatalf("leader %q is neither node %v", leader, ids)
	}
	countTicks := func() int {
		var c int
		if err := pool.QueryRow(t.Context(), `SELECT count(*) FROM river_job WHERE kind = 'jobstest.tick'`).Scan(&c); err != nil {
			t.Fatal(err)
		}
		return c
	}
	if c := countTicks(); c != 1 {
		t.Fatalf("the periodic job was enqueued %d times by two nodes, want once", c)
	}

	// The leader goes away: the follower is elected and runs the schedule.
	first, second := a, b
	if leader == ids[1] {
		first, second = b, a
	}
	first.lc.RequireStop()
	eventually(t, "the other node takes the lead and enqueues", func() bool {
		var now string
		_ = pool.QueryRow(t.Context(), `SELECT leader_id FROM river_leader`).Scan(&now)
		return now == second.client.ID() && countTicks() == 2
	})
}
