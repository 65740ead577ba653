package assembly_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"github.com/danielgtaylor/huma/v2"
	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/uptrace/bun"
	"go.uber.org/fx"

	"social/adapters/postgres"
	"social/assembly"
	"social/config"
	"social/core/domain"
	"social/kit/httpkit"
	"social/kit/plugin"
	"social/tests/testkit"
)

func TestMain(m *testing.M) { testkit.Main(m) }

// probe is a plugin made for this test: one of each contribution.
type probeArgs struct {
	Note string `json:"note"`
}

func (probeArgs) Kind() string { return "probe.write_note" }

// InsertOpts puts the probe's job in the probe's own queue: it runs only
// if the contributed queue is worked.
func (probeArgs) InsertOpts() river.InsertOpts { return river.InsertOpts{Queue: "probe"} }

type probeWorker struct {
	river.WorkerDefaults[probeArgs]
	db *bun.DB
}

func (w *probeWorker) Work(ctx context.Context, job *river.Job[probeArgs]) error {
	_, err := w.db.ExecContext(ctx, "INSERT INTO probe_notes (body) VALUES (?)", job.Args.Note)
	return err
}

type countOutput struct {
	Body struct {
		Count int `json:"count"`
	}
}

// slowStarted receives one value each time the probe's slow request has
// begun, so that a test knows it is in flight without guessing by time.
var slowStarted = make(chan struct{}, 8)

func probePlugin(operationID string) plugin.Plugin {
	files := fstest.MapFS{
		"20990101000001_notes.up.sql":   {Data: []byte("CREATE TABLE probe_notes (id bigserial PRIMARY KEY, body text NOT NULL);")},
		"20990101000001_notes.down.sql": {Data: []byte("DROP TABLE probe_notes;")},
	}
	return plugin.Plugin{Name: "probe", Module: fx.Module("probe", fx.Provide(
		plugin.AsMigrations(func() plugin.Migrations { return plugin.Migrations{Plugin: "probe", FS: files} }),
		plugin.AsWorker(func(db *bun.DB) plugin.Worker { return plugin.NewWorker("probe", &probeWorker{db: db}) }),
		plugin.AsQueue(func() plugin.Queue { return plugin.Queue{Plugin: "probe", Name: "probe", MaxWorkers: 1} }),
		plugin.AsPeriodicJob(func() plugin.PeriodicJob {
			return plugin.PeriodicJob{Plugin: "probe", Name: "probe.hourly_note", Job: river.NewPeriodicJob(
				river.PeriodicInterval(time.Hour),
				func() (river.JobArgs, *river.InsertOpts) { return probeArgs{Note: "hourly"}, nil },
				nil)}
		}),
		plugin.AsTopic(func() plugin.Topic {
			return plugin.Topic{Plugin: "probe", Prefix: "probe:", Authorize: func(context.Context, string) error { return nil }}
		}),
		plugin.AsRoutes(func(db *bun.DB) plugin.Routes {
			return plugin.Routes{Plugin: "probe", Register: func(api huma.API) {
				huma.Register(api, huma.Operation{OperationID: operationID, Method: http.MethodGet, Path: "/notes/count",
					Security: httpkit.Public, Metadata: httpkit.Refuses(nil)},
					func(ctx context.Context, _ *struct{}) (*countOutput, error) {
						out := &countOutput{}
						n, err := db.NewSelect().Table("probe_notes").Count(ctx)
						out.Body.Count = int(n)
						return out, err
					})
				huma.Register(api, huma.Operation{OperationID: "probe-slow", Method: http.MethodGet, Path: "/slow",
					Security: httpkit.Public, Metadata: httpkit.Refuses(nil)},
					func(ctx context.Context, _ *struct{}) (*countOutput, error) {
						select {
						case slowStarted <- struct{}{}:
						default:
						}
						time.Sleep(1500 * time.Millisecond)
						return &countOutput{}, nil
					})
			}}
		}),
	))}
}

func configWith(t *testing.T, dbURL string, probeOn bool) *config.Config {
	cfg := testkit.Config(dbURL)
	cfg.Plugins = map[string]config.PluginSwitch{"probe": {Enabled: probeOn}}
	return cfg
}

// adminGet reads an admin resource as an administrator.
func adminGet(t *testing.T, app *testkit.App, path string, into any) {
	t.Helper()
	resp, err := testkit.StaffGet(testkit.Staff(t, app, "chefe", domain.RoleAdmin), app.URL+path)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if err := json.NewDecoder(resp.Body).Decode(into); err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("%s: %d %v", path, resp.StatusCode, err)
	}
}

func get(t *testing.T, url string, into any) int {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("read %s: %v", url, err)
	}
	if into != nil && resp.StatusCode < 300 {
		if err := json.Unmarshal(body, into); err != nil {
			t.Fatalf("decode %s: %v: %s", url, err, body)
		}
	}
	return resp.StatusCode
}

func migrationSets(t *testing.T, m *postgres.Migrator) map[string]int {
	t.Helper()
	st, err := m.Status(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	sets := map[string]int{}
	for _, s := range st {
		if s.Applied {
			sets[s.Set]++
		}
	}
	return sets
}

func TestPluginContributionsFollowTheSwitch(t *testing.T) {
	t.Parallel()
	list := []plugin.Plugin{probePlugin("probe-count-notes")}

	t.Run("on", func(t *testing.T) {
		t.Parallel()
		var client *river.Client[pgx.Tx]
		var m *postgres.Migrator
		var db *bun.DB
		app := testkit.StartApp(t, configWith(t, testkit.NewDatabase(t, list...), true), list, &client, &m, &db)

		if sets := migrationSets(t, m); sets["probe"] != 1 || sets["core"] == 0 || sets["river"] == 0 {
			t.Fatalf("applied migration sets = %v, want core, river and probe", sets)
		}
		var out struct{ Count int }
		if code := get(t, app.URL+"/api/v1/probe/notes/count", &out); code != 200 || out.Count != 0 {
			t.Fatalf("GET probe route = %d %+v, want 200 with count 0", code, out)
		}
		var doc struct {
			Paths map[string]map[string]struct{ OperationID string }
		}
		get(t, app.URL+"/api/openapi.json", &doc)
		if doc.Paths["/api/v1/probe/notes/count"]["get"].OperationID != "probe-count-notes" {
			t.Fatalf("OpenAPI lacks the probe operation: %v", doc.Paths)
		}

		// The probe's worker runs on the real River client.
		if _, err := client.Insert(context.Background(), probeArgs{Note: "hello"}, nil); err != nil {
			t.Fatal(err)
		}
		deadline := time.Now().Add(15 * time.Second)
		for out.Count != 1 {
			if time.Now().After(deadline) {
				t.Fatal("the probe job never ran")
			}
			time.Sleep(50 * time.Millisecond)
			get(t, app.URL+"/api/v1/probe/notes/count", &out)
		}

		var info struct {
			ID                                                string
			Enabled                                           bool
			Routes, Workers, PeriodicJobs, Migrations, Topics int `json:",omitempty"`
		}
		var raw map[string]any
		adminGet(t, app, "/api/v1/admin/plugins/probe", &raw)
		b, _ := json.Marshal(raw)
		_ = json.Unmarshal(b, &info)
		if !info.Enabled || raw["routes"] != float64(2) || raw["workers"] != float64(1) ||
			raw["periodic_jobs"] != float64(1) || raw["migrations"] != float64(1) || raw["topics"] != float64(1) {
			t.Fatalf("admin plugins/probe = %v", raw)
		}
		var meta struct{ Plugins, DisabledPlugins []string }
		get(t, app.URL+"/api/v1/meta", &meta)
		if strings.Join(meta.Plugins, ",") != "probe" {
			t.Fatalf("meta plugins = %v", meta.Plugins)
		}
	})

	t.Run("off", func(t *testing.T) {
		t.Parallel()
		var m *postgres.Migrator
		var db *bun.DB
		// The database is cloned from a template made without the probe.
		app := testkit.StartApp(t, configWith(t, testkit.NewDatabase(t, []plugin.Plugin{}...), false), list, &m, &db)

		if sets := migrationSets(t, m); sets["probe"] != 0 {
			t.Fatalf("probe migrations listed while the plugin is off: %v", sets)
		}
		var table *string
		if err := db.NewRaw("SELECT to_regclass('probe_notes')::text").Scan(context.Background(), &table); err != nil {
			t.Fatal(err)
		}
		if table != nil {
			t.Fatal("probe_notes exists while the plugin is off")
		}
		if code := get(t, app.URL+"/api/v1/probe/notes/count", nil); code != 404 {
			t.Fatalf("GET probe route with the plugin off = %d, want 404", code)
		}
		var doc struct{ Paths map[string]any }
		get(t, app.URL+"/api/openapi.json", &doc)
		for p := range doc.Paths {
			if strings.HasPrefix(p, "/api/v1/probe") {
				t.Fatalf("OpenAPI still documents %s", p)
			}
		}
		var raw map[string]any
		adminGet(t, app, "/api/v1/admin/plugins/probe", &raw)
		if raw["enabled"] != false || raw["routes"] != float64(0) || raw["workers"] != float64(0) || raw["migrations"] != float64(0) {
			t.Fatalf("admin plugins/probe with the plugin off = %v", raw)
		}
		var meta struct {
			Plugins         []string
			DisabledPlugins []string `json:"disabled_plugins"`
		}
		get(t, app.URL+"/api/v1/meta", &meta)
		if len(meta.Plugins) != 0 || strings.Join(meta.DisabledPlugins, ",") != "probe" {
			t.Fatalf("meta = %+v", meta)
		}
	})
}

func TestPluginOperationsMustCarryThePluginPrefix(t *testing.T) {
	t.Parallel()
	list := []plugin.Plugin{probePlugin("count-notes")}
	app := fx.New(assembly.Server(testkit.Config("postgres://unused@127.0.0.1:1/x"), testkit.Logger(), list),
		fx.Invoke(func(huma.API) {}), fx.NopLogger)
	if err := app.Err(); err == nil || !strings.Contains(err.Error(), `must have an OperationID starting with "probe-"`) {
		t.Fatalf("app built with a badly named operation: err = %v", err)
	}
}

func TestShutdownLetsInFlightRequestsFinish(t *testing.T) {
	t.Parallel()
	list := []plugin.Plugin{probePlugin("probe-count-notes")}
	app := testkit.StartApp(t, configWith(t, testkit.NewDatabase(t, list...), true), list)

	var wg sync.WaitGroup
	wg.Add(1)
	var status int
	var reqErr error
	go func() {
		defer wg.Done()
		resp, err := http.Get(app.URL + "/api/v1/probe/slow")
		if err != nil {
			reqErr = err
			return
		}
		resp.Body.Close()
		status = resp.StatusCode
	}()
	select {
	case <-slowStarted: // the request is in flight
	case <-time.After(10 * time.Second):
		t.Fatal("the slow request never reached its handler")
	}
	if err := app.Stop(context.Background()); err != nil {
		t.Fatalf("stop: %v", err)
	}
	wg.Wait()
	if reqErr != nil || status != 200 {
		t.Fatalf("in-flight request during shutdown: status %d, err %v", status, reqErr)
	}
	if _, err := http.Get(app.URL + "/healthz"); err == nil {
		t.Fatal("server still answers after stop")
	}
}
