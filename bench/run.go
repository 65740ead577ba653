package bench

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"social/bench/floor"
	"social/bench/load"
)

// Config sizes one run.
type Config struct {
	Social      string // the social binary to run
	Work        string // scratch folder (cluster, index, logs, pgbench files)
	Results     string // where the JSON and HTML go
	DatabaseURL string // a server to create the run's database on; empty: private cluster
	Profiles    int
	Posts       int
	Follows     int
	Seed        uint64
	Duration    time.Duration // per load step (closed loop, each open-loop rate, pgbench)
	Workers     int           // closed-loop workers and pgbench clients
	Viewers     int           // members signed in for the workloads
	Sockets     int           // realtime clients
	Publishes   int           // realtime: posts created and likes toggled, each
	Fresh       int           // posts whose way to timelines and search is timed
	Devices     int           // push: members with a device, each sent one like
	Likers      int           // push: members liking one post whose author has a device
	// Federation: the remote followers of the member whose post is
	// delivered, on RemoteHosts servers (the bench's sink); RemoteActors
	// posting InboxRate signed activities a second to the shared inbox.
	RemoteFollowers int
	RemoteHosts     int
	RemoteActors    int
	InboxRate       float64
	Smoke           bool
	// Reuse keeps the private cluster of an earlier run and its data set.
	Reuse bool
	// Fractions of the peak tried as open-loop rates (default load.Fractions).
	Fractions []float64
	// Profile names workloads whose closed-loop step is CPU-profiled in
	// the server (a binary built with -tags pprof); the profile is saved
	// next to the results.
	Profile map[string]bool
	// Only, when not empty, names the HTTP workloads to run (the others are
	// left out): a change measured on the workload it concerns.
	Only map[string]bool
	// RealtimeOnly runs the WebSocket workload alone (no HTTP workloads, no
	// floors, no reindex): for measuring sockets without the hour-long run.
	RealtimeOnly bool
	// GeneratorNice, with RealtimeOnly, lowers the generator's priority
	// once the server runs: the server then has the cores first, and the
	// delivery figures show what it does with them, the generator's reads
	// coming after.
	GeneratorNice int
	Out           io.Writer // progress and the table
}

// Run runs every workload and writes the report; with Smoke it fails
// unless every workload produced figures.
func Run(ctx context.Context, cfg Config) (*Report, error) {
	if err := os.MkdirAll(cfg.Work, 0o755); err != nil {
		return nil, err
	}
	if limit, err := raiseFileLimit(); err == nil && uint64(cfg.Sockets)*2+512 > limit {
		fmt.Fprintf(cfg.Out, "warning: open-file limit %d is low for %d sockets\n", limit, cfg.Sockets)
	}
	rep := &Report{StartedAt: time.Now().UTC(), Smoke: cfg.Smoke, CPUs: runtime.NumCPU(), GoVersion: runtime.Version(),
		Workers: cfg.Workers, StepSeconds: cfg.Duration.Seconds()}
	rep.Commit = gitCommit()
	say := func(format string, a ...any) { fmt.Fprintf(cfg.Out, format+"\n", a...) }

	dbURL, cleanup, err := openDatabase(ctx, cfg.Work, cfg.DatabaseURL, cfg.Reuse && cfg.DatabaseURL == "")
	if err != nil {
		return nil, err
	}
	defer cleanup()
	logFile, err := os.Create(filepath.Join(cfg.Work, "social.log"))
	if err != nil {
		return nil, err
	}
	defer logFile.Close()
	index := filepath.Join(cfg.Work, "search.bleve")
	_ = os.RemoveAll(index)
	proc := &process{bin: cfg.Social, log: logFile, env: append(os.Environ(),
		"SOCIAL_DATABASE_URL="+dbURL, "SOCIAL_DATA_DIR="+cfg.Work, "SOCIAL_SEARCH_BLEVE_DIR="+index,
		"SOCIAL_AUTH_JWT_SECRET=benchmark-secret-benchmark-secret-0123456789",
		"SOCIAL_AUTH_ACCESS_TOKEN_TTL=6h", "SOCIAL_RATE_LIMITS_SIGN_IN_PER_IP=1000000",
		"SOCIAL_RATE_LIMITS_SIGN_IN_PER_EMAIL=1000000",
		// Each run registers a Mastodon app and its viewers' tokens, and
		// runs reusing a data set follow each other.
		"SOCIAL_RATE_LIMITS_OAUTH_APPS_PER_IP=1000000", "SOCIAL_RATE_LIMITS_OAUTH_TOKENS_PER_IP=1000000",
		"SOCIAL_SEARCH_DRIVER=bleve",
		// A few dozen signed-in members hold the thousands of sockets.
		"SOCIAL_REALTIME_MAX_SOCKETS_PER_MEMBER=1000000",
		// The realtime workload reads the server's delivery histogram.
		"SOCIAL_METRICS_ENABLED=true", "SOCIAL_METRICS_TOKEN="+metricsToken)}

	if len(cfg.Profile) > 0 {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return nil, err
		}
		proc.pprofAddr = l.Addr().String()
		l.Close()
	}
	pool, err := pgxpool.New(ctx, dbURL)
	if err != nil {
		return nil, err
	}
	defer pool.Close()
	var loaded bool
	if cfg.Reuse {
		// A data set is there when bulk members are (the schema may not be).
		_ = pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM profiles WHERE handle LIKE 'membro\_%')`).Scan(&loaded)
	}
	if loaded {
		say("data: reusing the data set in %s", cfg.Work)
		rep.Data.Reused = true
	} else {
		say("data: %d profiles, %d posts, ~%d follows each", cfg.Profiles, cfg.Posts, cfg.Follows)
		t := time.Now()
		// The benchmark's database is its own, and nothing reads it yet.
		if err := proc.run(ctx, "seed-demo", "--profiles", fmt.Sprint(cfg.Profiles), "--posts", fmt.Sprint(cfg.Posts),
			"--follows-per-profile", fmt.Sprint(cfg.Follows), "--seed", fmt.Sprint(cfg.Seed), "--indexes-after"); err != nil {
			return nil, err
		}
		rep.Data.SeedSeconds = time.Since(t).Seconds()
	}
	if !cfg.RealtimeOnly {
		if err := reindexBoth(ctx, proc, rep, say); err != nil {
			return nil, err
		}
	}
	// Seeding and reindexing change most rows of the biggest tables; left
	// to autovacuum, their vacuums and analyzes would land in the middle
	// of the measures (an analyze of posts makes every session plan its
	// feed queries again at once). A server that has been running has had
	// them.
	t := time.Now()
	if _, err := pool.Exec(ctx, `VACUUM (ANALYZE)`); err != nil {
		return nil, fmt.Errorf("vacuum: %w", err)
	}
	say("data: vacuum and analyze %.1f s", time.Since(t).Seconds())

	if err := rep.Data.count(ctx, pool); err != nil {
		return nil, err
	}

	// The push workload's push service: the server's push client may post
	// to it (push.local_services).
	pushSvc, err := startPushService()
	if err != nil {
		return nil, err
	}
	defer pushSvc.stop()
	proc.env = append(proc.env, "SOCIAL_PUSH_LOCAL_SERVICES="+pushSvc.addr)

	srv, err := proc.serve(ctx)
	if err != nil {
		return nil, err
	}
	defer func() {
		if srv != nil {
			srv.stop()
		}
	}()
	c, err := newClient(srv.url)
	if err != nil {
		return nil, err
	}
	fx, err := newFixture(ctx, c, srv.url, pool, cfg)
	if err != nil {
		return nil, fmt.Errorf("fixture: %w", err)
	}
	pgWork := filepath.Join(cfg.Work, "pgbench")
	runAll := func(ws []workload) {
		for _, w := range ws {
			if len(cfg.Only) > 0 && !cfg.Only[w.Name] {
				continue
			}
			say("workload %s ...", w.Name)
			cpu0, t0 := srv.cpu(), time.Now()
			res := WorkloadResult{Name: w.Name, Title: w.Title, Target: w.Target}
			if cfg.Profile[w.Name] {
				go saveProfile(ctx, proc.pprofAddr, cfg.Duration, filepath.Join(cfg.Results,
					rep.StartedAt.Format("20060102-150405")+"-"+w.Name+".pprof"), say)
			}
			var before load.Bounded
			if v := w.Versus; v != nil {
				before = load.AtBound(ctx, cfg.Workers, cfg.Duration, w.Bound, cfg.Fractions, w.Op)
				if err := v.Setup(ctx); err != nil {
					res.Error = err.Error()
					say("  %s: %v", w.Name, err)
					rep.Workloads = append(rep.Workloads, res)
					continue
				}
				cpu0, t0 = srv.cpu(), time.Now()
			}
			res.API = load.AtBound(ctx, cfg.Workers, cfg.Duration, w.Bound, cfg.Fractions, w.Op)
			res.ServerCPU = (srv.cpu() - cpu0).Seconds() / time.Since(t0).Seconds()
			if v := w.Versus; v != nil {
				if err := v.Teardown(ctx); err != nil {
					res.Error = err.Error()
				}
				res.Floors = append(res.Floors, versusResult(v.Name, cfg, before, res.API))
			}
			for _, fs := range w.Floors {
				fr, err := floor.Run(ctx, dbURL, pgWork, cfg.Workers, cfg.Duration, fs.Scripts)
				if err != nil {
					res.Error = err.Error()
					say("  floor %s: %v", fs.Name, err)
					continue
				}
				ratio := 0.0
				if fr.TPS > 0 {
					ratio = res.API.Peak.Throughput / fr.TPS
				}
				res.Floors = append(res.Floors, FloorResult{Name: fs.Name, Result: fr, Ratio: ratio})
			}
			say("  %s", res.line())
			rep.Workloads = append(rep.Workloads, res)
			if w.Name == "create_post" {
				// The create run leaves fan-out and index jobs behind: time
				// their drain, then time single posts on a quiet system.
				t := time.Now()
				waitJobs(ctx, pool, 5*time.Minute)
				fresh := measureFreshness(ctx, c, pool, fx, cfg.Fresh)
				fresh.BacklogSeconds = time.Since(t).Seconds() - fresh.Seconds
				rep.Freshness = &fresh
				say("  new post in followers' timelines p50 %.1f ms p99 %.1f ms, searchable p50 %.1f ms p99 %.1f ms (backlog drained in %.1f s), %d timeouts %s",
					fresh.TimelineP50, fresh.TimelineP99, fresh.SearchP50, fresh.SearchP99, fresh.BacklogSeconds, fresh.Timeouts, fresh.FirstError)
				// The same while others post at the rate the server sustained
				// within the bound (half its peak when none was met).
				rate := res.API.AtBound.Throughput
				if !res.API.Met || rate <= 0 {
					rate = res.API.Peak.Throughput / 2
				}
				if rate > 0 {
					busy := measureFreshnessUnderLoad(ctx, c, pool, fx, cfg.Fresh, rate, w.Op)
					rep.FreshnessUnderLoad = &busy
					say("  while %.0f posts/s are created: in timelines p50 %.1f ms p99 %.1f ms, searchable p50 %.1f ms p99 %.1f ms, %d timeouts %s",
						rate, busy.TimelineP50, busy.TimelineP99, busy.SearchP50, busy.SearchP99, busy.Timeouts, busy.FirstError)
					waitJobs(ctx, pool, 5*time.Minute)
				}
			}
		}
	}
	if !cfg.RealtimeOnly {
		runAll(fx.workloads(c, ""))
		runAll(fx.workloads(c, "bleve"))
		waitJobs(ctx, pool, 2*time.Minute)
	}

	// With --workloads, realtime runs when named.
	if len(cfg.Only) == 0 || cfg.Only["realtime"] || cfg.RealtimeOnly {
		say("workload realtime: %d sockets ...", cfg.Sockets)
		var profileRealtime func(time.Duration)
		if cfg.Profile["realtime"] {
			profileRealtime = func(d time.Duration) {
				go saveProfile(ctx, proc.pprofAddr, d, filepath.Join(cfg.Results,
					rep.StartedAt.Format("20060102-150405")+"-realtime.pprof"), say)
			}
		}
		floorSrv, floorErr := startWebSocketFloor(ctx)
		rt, delivered := runRealtime(ctx, srv, c, fx, cfg, profileRealtime)
		if floorErr == nil {
			fl := runRealtimeFloor(ctx, floorSrv, cfg, delivered.meanBytes)
			floorSrv.stop()
			rt.Floor = &fl
			if fl.P99 > 0 {
				rt.P99VsFloor = rt.P99FromCommit / fl.P99
			}
		} else {
			rt.Floor = &RealtimeFloor{Error: floorErr.Error()}
		}
		rep.Realtime = &rt
		say("  %s", rt.line())
	}
	_, rep.ServerPeakRSSMB = srv.memory()

	if !cfg.RealtimeOnly && (len(cfg.Only) == 0 || cfg.Only["push"]) {
		say("workload push: %d devices, %d likes of one post ...", cfg.Devices, cfg.Likers)
		waitJobs(ctx, pool, 2*time.Minute)
		var profilePush func(time.Duration)
		if cfg.Profile["push"] {
			profilePush = func(d time.Duration) {
				go saveProfile(ctx, proc.pprofAddr, d, filepath.Join(cfg.Results,
					rep.StartedAt.Format("20060102-150405")+"-push.pprof"), say)
			}
		}
		p := runPush(ctx, srv, c, fx, pool, pushSvc, cfg, profilePush, say)
		rep.Push = &p
		say("  %s", p.line())
	}

	if !cfg.RealtimeOnly {
		srv.stop()
		srv = nil
		if srv, err = proc.serve(ctx, "SOCIAL_SEARCH_DRIVER=postgres"); err != nil {
			return nil, err
		}
		if c, err = newClient(srv.url); err != nil {
			return nil, err
		}
		// The new server checks the same sessions: the tokens stay valid.
		runAll(fx.workloads(c, "postgres"))
	}

	if !cfg.RealtimeOnly && (len(cfg.Only) == 0 || cfg.Only[FederationDelivery] || cfg.Only[FederationInbox]) {
		// A server of its own, with federation on: the other workloads
		// ran without it, as the network ships.
		srv.stop()
		srv = nil
		if srv, err = proc.serve(ctx, federationEnv...); err != nil {
			return nil, err
		}
		if c, err = newClient(srv.url); err != nil {
			return nil, err
		}
		// A profile of the inbox workload covers the inbox's load.
		profile := func() {
			if cfg.Profile[FederationInbox] {
				go saveProfile(ctx, proc.pprofAddr, cfg.Duration, filepath.Join(cfg.Results,
					rep.StartedAt.Format("20060102-150405")+"-"+FederationInbox+".pprof"), say)
			}
		}
		rep.Federation = runFederation(ctx, srv, c, fx, pool, cfg, profile, say)
	}

	if err := rep.write(cfg.Results); err != nil {
		return rep, err
	}
	rep.table(cfg.Out)
	say("results: %s", rep.Files)
	if cfg.Smoke {
		return rep, rep.complete(cfg.Only)
	}
	return rep, nil
}

// newFixture signs members in and fills the helper tables the floor's
// scripts read.
func newFixture(ctx context.Context, c *client, origin string, pool *pgxpool.Pool, cfg Config) (*fixture, error) {
	f := &fixture{profiles: cfg.Profiles, viewers: map[string][]viewer{}}
	// Created posts' words stay unique across runs on one data set
	// (--reuse): a word an earlier run used would find its posts too, and
	// the new one could be past the first page of a search for it.
	f.seq.Store(time.Now().UnixMicro())
	groups := map[string][]int{"all": {}}
	for len(groups["all"]) < min(cfg.Viewers, cfg.Profiles) {
		groups["all"] = append(groups["all"], 1+rand.IntN(cfg.Profiles))
	}
	// Members who follow the fewest and the most, a handful each.
	n := max(min(cfg.Viewers/4, 16), 2)
	for grp, order := range map[string]string{"few": "ASC", "many": "DESC"} {
		rows, err := pool.Query(ctx, `SELECT substr(handle, 8)::int FROM profiles WHERE handle LIKE 'membro\_%' AND following_count > 0
			ORDER BY following_count `+order+`, handle LIMIT $1`, n)
		if err != nil {
			return nil, err
		}
		ns, err := pgx.CollectRows(rows, pgx.RowTo[int])
		if err != nil {
			return nil, err
		}
		groups[grp] = ns
	}
	// The most followed member, whose posts are the largest fan-out.
	var top int
	if err := pool.QueryRow(ctx, `SELECT substr(handle, 8)::int, follower_count FROM profiles
		WHERE handle LIKE 'membro\_%' ORDER BY follower_count DESC, handle LIMIT 1`).Scan(&top, &f.topFollowers); err != nil {
		return nil, err
	}
	groups["top"] = []int{top}
	// bench_search_queue is search_queue for the floors' posts: the same
	// insert, into a table the server's indexer does not take from (as the
	// floors' jobs go to a River queue no worker reads).
	if _, err := pool.Exec(ctx, `DROP TABLE IF EXISTS bench_viewers, bench_posts, bench_search_queue;
		CREATE TABLE bench_viewers (grp text, n int, member uuid NOT NULL, session uuid NOT NULL,
		app_token_hash bytea NOT NULL, PRIMARY KEY (grp, n));
		CREATE TABLE bench_posts (n int PRIMARY KEY, id uuid NOT NULL);
		CREATE TABLE bench_search_queue (LIKE search_queue INCLUDING ALL)`); err != nil {
		return nil, err
	}
	// Each viewer also authorizes an OAuth app, for the Mastodon API's
	// workloads.
	app, err := c.registerMastodonApp(ctx)
	if err != nil {
		return nil, fmt.Errorf("register the Mastodon app: %w", err)
	}
	batch := &pgx.Batch{}
	for grp, ns := range groups {
		for i, hn := range ns {
			v, err := c.signIn(ctx, hn)
			if err != nil {
				return nil, err
			}
			if v.AppToken, err = c.appToken(ctx, origin, app, v); err != nil {
				return nil, err
			}
			f.viewers[grp] = append(f.viewers[grp], v)
			batch.Queue(`INSERT INTO bench_viewers VALUES ($1, $2, $3, $4, $5)`, grp, i+1, v.ID, v.Session, appTokenHash(v.AppToken))
		}
	}
	batch.Queue(`INSERT INTO bench_posts SELECT row_number() OVER (), id FROM
		(SELECT id FROM posts WHERE visibility = 'public' ORDER BY random() LIMIT 10000) s`)
	if err := pool.SendBatch(ctx, batch).Close(); err != nil {
		return nil, err
	}
	if err := pool.QueryRow(ctx, `SELECT array_agg(id::text ORDER BY n) FROM bench_posts`).Scan(&f.posts); err != nil {
		return nil, err
	}
	if _, err := pool.Exec(ctx, `ANALYZE bench_viewers, bench_posts`); err != nil {
		return nil, err
	}
	// The deep page: 20 pages down the public feed (fewer on small data).
	var page feedPage
	cursor := ""
	for range 20 {
		path := "/feed?algorithm=chronological"
		if cursor != "" {
			path += "&cursor=" + cursor
		}
		if err := c.Do(ctx, f.viewers["all"][0].Token, http.MethodGet, path, nil, &page); err != nil {
			return nil, err
		}
		if page.NextCursor == nil {
			break
		}
		cursor = *page.NextCursor
		last := page.Items[len(page.Items)-1]
		f.deepCursor, f.sql.DeepAt, f.sql.DeepID = cursor, last.CreatedAt.Format(time.RFC3339Nano), last.ID
	}
	if f.deepCursor == "" {
		return nil, errors.New("the public feed has a single page: more posts needed")
	}
	f.sql.Profiles, f.sql.Posts = cfg.Profiles, len(f.posts)
	f.sql.Viewers = map[string]int{}
	for grp, vs := range f.viewers {
		f.sql.Viewers[grp] = len(vs)
	}
	return f, nil
}

// waitJobs waits until no fan-out job or search document is left to
// handle (link previews of the made-up links keep failing and are not
// waited for).
func waitJobs(ctx context.Context, pool *pgxpool.Pool, limit time.Duration) {
	deadline := time.Now().Add(limit)
	for time.Now().Before(deadline) && ctx.Err() == nil {
		var n int
		if err := pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM river_job WHERE state IN ('available', 'running', 'scheduled', 'retryable')
			AND kind = 'timelines.fan_out' AND queue <> 'bench_floor') + (SELECT count(*) FROM search_queue)`).Scan(&n); err != nil || n == 0 {
			return
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// reindexBoth builds both indexes at once: the Bleve folder for the
// server, and search_documents, which the search floors read whichever
// adapter the server runs with.
func reindexBoth(ctx context.Context, proc *process, rep *Report, say func(string, ...any)) error {
	var wg sync.WaitGroup
	var bleveErr, pgErr error
	wg.Add(2)
	go func() {
		defer wg.Done()
		t := time.Now()
		bleveErr = proc.run(ctx, "reindex")
		rep.Data.ReindexBleveSeconds = time.Since(t).Seconds()
	}()
	go func() {
		defer wg.Done()
		t := time.Now()
		pgErr = proc.runWith(ctx, []string{"SOCIAL_SEARCH_DRIVER=postgres"}, "reindex")
		rep.Data.ReindexPostgresSeconds = time.Since(t).Seconds()
	}()
	wg.Wait()
	if err := errors.Join(bleveErr, pgErr); err != nil {
		return err
	}
	say("data: seed-demo %.1f s, reindex bleve %.1f s, postgres %.1f s (at the same time)", rep.Data.SeedSeconds,
		rep.Data.ReindexBleveSeconds, rep.Data.ReindexPostgresSeconds)
	return nil
}

// versusResult is a request measured before a change, as the row of the
// measure after it: its peak in the floor's columns, and the ratio of the
// peak after to the peak before.
func versusResult(name string, cfg Config, before, after load.Bounded) FloorResult {
	fr := FloorResult{Name: name, Result: floor.Result{Clients: cfg.Workers, Seconds: before.Peak.Seconds,
		Transactions: before.Peak.Requests - before.Peak.Errors, TPS: before.Peak.Throughput, P50: before.Peak.P50,
		P99: before.Peak.P99, Scripts: []string{"the same request, before"}}}
	if before.Peak.Errors > 0 {
		fr.Failed = before.Peak.Errors
	}
	if fr.TPS > 0 {
		fr.Ratio = after.Peak.Throughput / fr.TPS
	}
	return fr
}
