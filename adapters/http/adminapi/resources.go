package adminapi

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/danielgtaylor/huma/v2"
	"go.uber.org/fx"

	"social/adapters/postgres"
	"social/core/errs"
	"social/core/ports"
	"social/kit/adminkit"
	"social/kit/httpkit"
	"social/kit/plugin"
)

// Module contributes core's admin resources.
var Module = fx.Module("adminapi", fx.Provide(
	fx.Private,
	postgres.NewSystemStats,
), fx.Provide(
	plugin.AsAdminResource(NewStats),
	plugin.AsAdminResource(NewMigrations),
	plugin.AsAdminResource(NewPlugins),
))

// MigrationLister lists every migration set's status.
type MigrationLister interface {
	Status(ctx context.Context) ([]postgres.MigrationStatus, error)
}

// StatsReader reads the installation's own figures.
type StatsReader interface {
	DatabaseSize(ctx context.Context) (int64, error)
	JobsByState(ctx context.Context) (map[string]int64, error)
	Totals(ctx context.Context) (postgres.CommunityTotals, error)
	PerDay(ctx context.Context, until time.Time, days int) (signUps, posts []postgres.DayCount, err error)
}

// ChartDays is how many days the dashboard's charts cover.
const ChartDays = 30

// Stats is the dashboard's figures.
type Stats struct {
	PluginsEnabled    int              `json:"plugins_enabled"`
	MigrationsApplied int              `json:"migrations_applied"`
	DatabaseSizeBytes int64            `json:"database_size_bytes"`
	Jobs              map[string]int64 `json:"jobs" doc:"Jobs per River state: available, running, retryable, scheduled, completed, discarded, cancelled, pending."`
	// QueueDepth is the jobs waiting to run: available, scheduled and retryable.
	QueueDepth int64 `json:"queue_depth"`
	// FailedJobs is the jobs River gave up on (discarded).
	FailedJobs    int64                    `json:"failed_jobs"`
	Totals        postgres.CommunityTotals `json:"totals"`
	SignUpsPerDay []postgres.DayCount      `json:"sign_ups_per_day" doc:"The last 30 UTC days, oldest first"`
	PostsPerDay   []postgres.DayCount      `json:"posts_per_day" doc:"The last 30 UTC days, oldest first"`
}

// jobStates are always present in Stats.Jobs, zero when empty.
var jobStates = []string{"available", "running", "retryable", "scheduled", "completed", "discarded", "cancelled", "pending"}

// NewStats serves GET /api/v1/admin/stats.
func NewStats(m *postgres.Migrator, s *postgres.SystemStats, catalog plugin.Catalog, clock ports.Clock) plugin.AdminResource {
	return plugin.AdminResource{Name: "stats", Moderators: true, Register: func(api huma.API) {
		huma.Register(api, huma.Operation{
			OperationID: "admin-get-stats", Method: http.MethodGet, Path: "",
			Summary:  "Dashboard figures: plugins, migrations, database size, jobs by state",
			Metadata: httpkit.Refuses(httpkit.Refusals{503: {codeStatsUnavailable}}),
		}, func(ctx context.Context, _ *struct{}) (*struct{ Body Stats }, error) {
			return readStats(ctx, m, s, catalog, clock.Now())
		})
	}}
}

func readStats(ctx context.Context, m MigrationLister, s StatsReader, catalog plugin.Catalog, now time.Time) (*struct{ Body Stats }, error) {
	st, err := m.Status(ctx)
	if err != nil {
		return nil, errs.Unavailable(codeStatsUnavailable, errs.MsgUnavailable, err)
	}
	size, err := s.DatabaseSize(ctx)
	if err != nil {
		return nil, errs.Unavailable(codeStatsUnavailable, errs.MsgUnavailable, err)
	}
	jobs, err := s.JobsByState(ctx)
	if err != nil {
		return nil, errs.Unavailable(codeStatsUnavailable, errs.MsgUnavailable, err)
	}
	for _, state := range jobStates {
		if _, ok := jobs[state]; !ok {
			jobs[state] = 0
		}
	}
	totals, err := s.Totals(ctx)
	if err != nil {
		return nil, errs.Unavailable(codeStatsUnavailable, errs.MsgUnavailable, err)
	}
	signUps, posts, err := s.PerDay(ctx, now, ChartDays)
	if err != nil {
		return nil, errs.Unavailable(codeStatsUnavailable, errs.MsgUnavailable, err)
	}
	out := &struct{ Body Stats }{Body: Stats{
		PluginsEnabled:    len(catalog.Enabled()),
		DatabaseSizeBytes: size,
		Jobs:              jobs,
		QueueDepth:        jobs["available"] + jobs["scheduled"] + jobs["retryable"],
		FailedJobs:        jobs["discarded"],
		Totals:            totals,
		SignUpsPerDay:     signUps,
		PostsPerDay:       posts,
	}}
	for _, x := range st {
		if x.Applied {
			out.Body.MigrationsApplied++
		}
	}
	return out, nil
}

// Migration is one row of the migrations resource.
type Migration struct {
	ID         string     `json:"id" doc:"<set>:<name>"`
	Set        string     `json:"set"`
	Name       string     `json:"name"`
	Applied    bool       `json:"applied"`
	GroupID    int64      `json:"group_id"`
	MigratedAt *time.Time `json:"migrated_at,omitempty"`
}

// NewMigrations serves the read-only migrations resource.
func NewMigrations(m *postgres.Migrator) plugin.AdminResource {
	list := func(ctx context.Context) ([]Migration, error) {
		st, err := m.Status(ctx)
		if err != nil {
			return nil, errs.Unavailable(codeMigrationsUnavailable, errs.MsgUnavailable, err)
		}
		out := make([]Migration, 0, len(st))
		for _, s := range st {
			row := Migration{ID: s.Set + ":" + s.Name, Set: s.Set, Name: s.Name, Applied: s.Applied, GroupID: s.GroupID}
			if s.Applied && !s.AppliedAt.IsZero() {
				at := s.AppliedAt.UTC()
				row.MigratedAt = &at
			}
			out = append(out, row)
		}
		return out, nil
	}
	return plugin.AdminResource{Name: "migrations", Register: func(api huma.API) {
		registerReadOnly(api, "migrations", codeMigrationsUnavailable, list, func(r Migration) string { return r.ID })
	}}
}

// PluginInfo is one row of the plugins resource.
type PluginInfo struct {
	ID           string `json:"id"`
	Enabled      bool   `json:"enabled"`
	Routes       int    `json:"routes"`
	Workers      int    `json:"workers"`
	PeriodicJobs int    `json:"periodic_jobs"`
	Migrations   int    `json:"migrations"`
	Topics       int    `json:"topics"`
}

type pluginParams struct {
	fx.In
	Catalog      plugin.Catalog
	Routes       []plugin.Routes      `group:"routes"`
	Workers      []plugin.Worker      `group:"river_workers"`
	PeriodicJobs []plugin.PeriodicJob `group:"river_periodic_jobs"`
	Migrations   []plugin.Migrations  `group:"migrations"`
	Topics       []plugin.Topic       `group:"realtime_topics"`
	Migrator     *postgres.Migrator
}

// NewPlugins serves the read-only plugins resource: each plugin, its switch
// and what it contributes.
func NewPlugins(p pluginParams) plugin.AdminResource {
	return plugin.AdminResource{Name: "plugins", Register: func(api huma.API) {
		openapi := api.OpenAPI()
		list := func(ctx context.Context) ([]PluginInfo, error) {
			st, err := p.Migrator.Status(ctx)
			if err != nil {
				return nil, errs.Unavailable(codePluginsUnavailable, errs.MsgUnavailable, err)
			}
			out := make([]PluginInfo, 0, len(p.Catalog.Entries))
			for _, e := range p.Catalog.Entries {
				info := PluginInfo{ID: e.Name, Enabled: e.Enabled}
				for path, item := range openapi.Paths {
					if strings.HasPrefix(path+"/", "/api/v1/"+e.Name+"/") {
						info.Routes += countOperations(item)
					}
				}
				for _, w := range p.Workers {
					info.Workers += b2i(w.Plugin == e.Name)
				}
				for _, j := range p.PeriodicJobs {
					info.PeriodicJobs += b2i(j.Plugin == e.Name)
				}
				for _, t := range p.Topics {
					info.Topics += b2i(t.Plugin == e.Name)
				}
				for _, s := range st {
					info.Migrations += b2i(s.Set == e.Name)
				}
				out = append(out, info)
			}
			return out, nil
		}
		registerReadOnly(api, "plugins", codePluginsUnavailable, list, func(r PluginInfo) string { return r.ID })
	}}
}

func countOperations(item *huma.PathItem) int {
	n := 0
	for _, op := range []*huma.Operation{item.Get, item.Put, item.Post, item.Delete, item.Patch} {
		n += b2i(op != nil)
	}
	return n
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Codes of resources read from elsewhere than their own tables.
const (
	codeStatsUnavailable      = "stats_unavailable"
	codeMigrationsUnavailable = "migrations_unavailable"
	codePluginsUnavailable    = "plugins_unavailable"
)

// registerReadOnly adds the list and get-one operations of a small resource
// read whole from list, which fails with the code unavailable.
func registerReadOnly[T any](api huma.API, name, unavailable string, list func(context.Context) ([]T, error), id func(T) string) {
	huma.Register(api, huma.Operation{
		OperationID: "admin-list-" + name, Method: http.MethodGet, Path: "",
		Summary:  "List " + name + " (simple-rest)",
		Metadata: httpkit.Refuses(httpkit.Refusals{422: {adminkit.CodeBadListQuery}, 503: {unavailable}}),
	}, func(ctx context.Context, in *adminkit.ListInput) (*adminkit.ListOutput[T], error) {
		items, err := list(ctx)
		if err != nil {
			return nil, err
		}
		return PageInMemory(name, items, *in)
	})
	huma.Register(api, huma.Operation{
		OperationID: "admin-get-" + strings.TrimSuffix(name, "s"), Method: http.MethodGet, Path: "/{id}",
		Summary:  "Get one of " + name,
		Metadata: httpkit.Refuses(httpkit.Refusals{404: {adminkit.CodeNotFound}, 503: {unavailable}}),
	}, func(ctx context.Context, in *struct {
		ID string `path:"id"`
	}) (*struct{ Body T }, error) {
		items, err := list(ctx)
		if err != nil {
			return nil, err
		}
		for _, it := range items {
			if id(it) == in.ID {
				return &struct{ Body T }{Body: it}, nil
			}
		}
		return nil, errs.NotFound(adminkit.CodeNotFound, errs.MsgNotFound)
	})
}
