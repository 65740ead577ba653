// Package plugin is the contract between the core and feature plugins: what a
// plugin may contribute (routes, River workers and periodic jobs, migrations,
// realtime topics, admin resources, search documents of their own kinds,
// demo data) and the fx helpers that contribute them.
//
// A plugin exports `var Plugin = plugin.New(name, ...)`, its fx module
// made of its migrations, its private constructors and its contributions,
// and is listed once in plugins/all.go; every contribution carries the
// plugin's name so that the core can mount it (/api/v1/<plugin>), count it
// and switch it off.
package plugin

import (
	"context"
	"io/fs"

	"github.com/danielgtaylor/huma/v2"
	"github.com/google/uuid"
	"github.com/riverqueue/river"
	"go.uber.org/fx"

	"social/core/domain"
	"social/core/ports"
)

// Plugin is one entry of the plugin list.
type Plugin struct {
	// Name is short and lowercase: it prefixes routes (/api/v1/<name>),
	// OperationIDs (<name>-create), job kinds (<name>.close_idle) and the
	// config switch (plugins.<name>.enabled).
	Name   string
	Module fx.Option
	// Settings, optional, are the plugin's own configuration sections.
	Settings *Settings
}

// Routes registers a plugin's operations on an API group already mounted
// under /api/v1/<Plugin>; paths given to huma are relative to it.
type Routes struct {
	Plugin   string
	Register func(api huma.API)
}

// QueueOutside is the job queue of the work that waits on services outside
// the product: link previews, remote images, mail delivery, the trending
// chart. It has its own workers (jobs.outside_workers), so a slow or
// failing outside service, and the retries it causes, never delay the jobs
// of the default queue that make a write visible (timelines, search). A
// job's args choose it with an InsertOpts method.
const QueueOutside = "outside"

// Queue is a job queue of a feature's own, worked by its own goroutines
// (MaxWorkers on each node): for work that must neither wait behind the
// shared queues nor hold them up, such as deliveries to phones or to other
// servers. Its jobs name it in their InsertOpts. The names "default" and
// "outside" are the shared queues' and cannot be contributed.
type Queue struct {
	Plugin     string
	Name       string
	MaxWorkers int
}

// Worker adds one River worker to the shared bundle.
type Worker struct {
	Plugin string
	Kind   string
	Add    func(*river.Workers) error
}

// NewWorker wraps a River worker; the job kind comes from its args type.
func NewWorker[T river.JobArgs](plugin string, w river.Worker[T]) Worker {
	var args T
	return Worker{Plugin: plugin, Kind: args.Kind(), Add: func(ws *river.Workers) error {
		return river.AddWorkerSafely(ws, w)
	}}
}

// PeriodicJob is a job River enqueues on a schedule.
type PeriodicJob struct {
	Plugin string
	Name   string
	Job    *river.PeriodicJob
}

// Migrations are a plugin's own SQL files (see migrations/ for the naming),
// versioned in its own table and applied after core's.
type Migrations struct {
	Plugin string
	FS     fs.FS
}

// Topic is a family of realtime topics sharing a prefix ("room:") and the
// rule deciding who may subscribe to one of them.
type Topic struct {
	Plugin string
	Prefix string
	// Authorize returns nil when the viewer in ctx may subscribe to topic.
	Authorize func(ctx context.Context, topic string) error
	// OnSubscribe, optional, is called once a socket's subscription to
	// topic was accepted (not again for a repeated subscribe), with the
	// viewer in ctx. It runs in the socket's message order and should be
	// quick.
	OnSubscribe func(ctx context.Context, topic string)
	// OnUnsubscribe, optional, is called once for each subscription that
	// ends: the client unsubscribed, or its socket closed for any reason
	// (abrupt disconnect, slow client, sign-out, shutdown). ctx carries the
	// viewer. It must not block (presence schedules work, it does not do it).
	OnUnsubscribe func(ctx context.Context, topic string)
}

// AdminResource is one react-admin resource in the simple-rest shape,
// registered on a group mounted under /api/v1/admin/<Name>.
type AdminResource struct {
	Plugin string
	Name   string
	// Moderators opens every operation of the resource to moderators; by
	// default only administrators may use it. One operation can open
	// itself with ForModerators.
	Moderators bool
	Register   func(api huma.API)
}

// adminModeratorsKey marks an operation moderators may use.
const adminModeratorsKey = "admin_moderators"

// ForModerators opens one admin operation to moderators (and is a no-op
// outside the admin API). Use it on the huma.Operation before registering.
func ForModerators(op huma.Operation) huma.Operation {
	if op.Metadata == nil {
		op.Metadata = map[string]any{}
	}
	op.Metadata[adminModeratorsKey] = true
	return op
}

// OpenToModerators reports whether ForModerators marked op.
func OpenToModerators(op *huma.Operation) bool {
	v, _ := op.Metadata[adminModeratorsKey].(bool)
	return v
}

// Value group names. Core code contributes through the same groups with an
// empty Plugin.
const (
	GroupRoutes         = `group:"routes"`
	GroupWorkers        = `group:"river_workers"`
	GroupPeriodicJobs   = `group:"river_periodic_jobs"`
	GroupQueues         = `group:"river_queues"`
	GroupMigrations     = `group:"migrations"`
	GroupTopics         = `group:"realtime_topics"`
	GroupAdminResources = `group:"admin_resources"`
)

// AsRoutes contributes the Routes returned by constructor.
func AsRoutes(constructor any) any { return as(constructor, GroupRoutes) }

// AsWorker contributes the Worker returned by constructor.
func AsWorker(constructor any) any { return as(constructor, GroupWorkers) }

// AsQueue contributes the Queue returned by constructor.
func AsQueue(constructor any) any { return as(constructor, GroupQueues) }

// AsPeriodicJob contributes the PeriodicJob returned by constructor.
func AsPeriodicJob(constructor any) any { return as(constructor, GroupPeriodicJobs) }

// AsMigrations contributes the Migrations returned by constructor.
func AsMigrations(constructor any) any { return as(constructor, GroupMigrations) }

// AsTopic contributes the Topic returned by constructor.
func AsTopic(constructor any) any { return as(constructor, GroupTopics) }

// AsAdminResource contributes the AdminResource returned by constructor.
func AsAdminResource(constructor any) any { return as(constructor, GroupAdminResources) }

func as(constructor any, group string) any {
	return fx.Annotate(constructor, fx.ResultTags(group))
}

// Contributions are everything the enabled plugins (and core) contributed,
// for whoever needs to mount or count them.
type Contributions struct {
	fx.In
	Routes         []Routes        `group:"routes"`
	Workers        []Worker        `group:"river_workers"`
	PeriodicJobs   []PeriodicJob   `group:"river_periodic_jobs"`
	Migrations     []Migrations    `group:"migrations"`
	Topics         []Topic         `group:"realtime_topics"`
	AdminResources []AdminResource `group:"admin_resources"`
}

// Catalog is the whole plugin list with each plugin's switch, enabled or not.
type Catalog struct {
	Entries []CatalogEntry
}

// CatalogEntry is one plugin and its switch.
type CatalogEntry struct {
	Name    string
	Enabled bool
}

// Enabled lists the names of the plugins that are on.
func (c Catalog) Enabled() []string { return c.filter(true) }

// Disabled lists the names of the plugins that are off.
func (c Catalog) Disabled() []string { return c.filter(false) }

func (c Catalog) filter(enabled bool) []string {
	out := []string{}
	for _, e := range c.Entries {
		if e.Enabled == enabled {
			out = append(out, e.Name)
		}
	}
	return out
}

// DemoSeeder adds a feature's part of the demo network (`social
// seed-demo`, and `make run` on a fresh database). The core's features and
// the plugins contribute one each way: the seeding command runs them by
// Stage (demo.StageMembers first, demo.StageFeatures for what plugins add
// on top), and those of one stage in plugin order. Seed writes through the
// feature's own use cases, which the command decorates for a script (the
// run's clock, nothing broadcast, no rate limit), in the seeding's one
// transaction (a failure leaves nothing); it finds the members by the handles of demo.Roster and what earlier
// stages wrote in the seeding's demo.Run (which the command provides to
// their constructors). A seeder that names no Stage adds to the network
// after the core's, at demo.StageFeatures. Seed must be idempotent: when
// its part exists it changes nothing and says so.
type DemoSeeder struct {
	Plugin string
	Name   string
	Stage  int
	Seed   func(ctx context.Context) (DemoSeeded, error)
}

// DemoSeeded is what a DemoSeeder did: a one-line summary, and whether it
// created anything (the search index is rebuilt only then).
type DemoSeeded struct {
	Text    string
	Created bool
}

// GroupDemoSeeders collects DemoSeeder values.
const GroupDemoSeeders = `group:"demo_seeders"`

// AsDemoSeeder contributes the DemoSeeder returned by constructor.
func AsDemoSeeder(constructor any) any { return as(constructor, GroupDemoSeeders) }

// MemberDemoSeeder adds a feature's demo data for one member, when that
// member asks for demo data (POST /api/v1/demo-data, `social seed-demo
// --for`), and takes it away again (DELETE /api/v1/demo-data). Both run
// inside the transaction of the core's demo posts; Seed only when those
// were created (a member who already had posts gets nothing).
type MemberDemoSeeder struct {
	Plugin string
	// Seed creates the data through the context's transaction, records
	// each created row in DemoRows and returns a one-line summary.
	Seed func(ctx context.Context, member domain.UserID) (string, error)
	// Clear deletes the rows Seed recorded for member that are still
	// there, and nothing else, through the context's transaction; clearing
	// twice finds nothing the second time. It returns a one-line summary.
	Clear func(ctx context.Context, member domain.UserID) (string, error)
}

// DemoRows records the rows a member's demo data created, by kind (each
// feature names its own: "post", "community", "room"), so that clearing
// the demo data removes those rows and nothing the member made themselves.
// The posts feature provides it; it works in the transaction of ctx.
type DemoRows interface {
	Record(ctx context.Context, member domain.UserID, kind string, id uuid.UUID) error
	// Take forgets the rows of kind recorded for member and answers them.
	Take(ctx context.Context, member domain.UserID, kind string) ([]uuid.UUID, error)
}

// GroupMemberDemoSeeders collects MemberDemoSeeder values.
const GroupMemberDemoSeeders = `group:"member_demo_seeders"`

// AsMemberDemoSeeder contributes the MemberDemoSeeder returned by constructor.
func AsMemberDemoSeeder(constructor any) any { return as(constructor, GroupMemberDemoSeeders) }

// SearchSource contributes a search kind the core does not own: its
// documents (ports.SearchDoc's Name, Description and MemberCount, matched by
// name and by text) read from the plugin's tables for the search indexer
// and `social reindex`. Search shows the contributed kinds, in plugin
// order, between users and posts; a kind is named once, by one plugin, and
// never "user" or "post".
type SearchSource struct {
	Plugin string
	Kind   ports.SearchKind
	// Load reads one document; found is false when the row is gone or not
	// searchable (the document is then deleted from the index).
	Load func(ctx context.Context, id string) (doc ports.SearchDoc, found bool, err error)
	// Count counts the searchable rows.
	Count func(ctx context.Context) (int, error)
	// List pages through the searchable rows ordered by ID: those after
	// ID after ("" for the first page), at most limit.
	List func(ctx context.Context, after string, limit int) ([]ports.SearchDoc, error)
}

// GroupSearchSources collects SearchSource values.
const GroupSearchSources = `group:"search_sources"`

// AsSearchSource contributes the SearchSource returned by constructor.
func AsSearchSource(constructor any) any { return as(constructor, GroupSearchSources) }

// GroupChangeListeners collects ports.ChangeListener values: each hears
// of the core's changes (posts, likes, follows, blocks, profiles,
// accounts) inside the transaction that makes them.
const GroupChangeListeners = `group:"change_listeners"`

// AsChangeListener contributes the ports.ChangeListener returned by
// constructor.
func AsChangeListener(constructor any) any { return as(constructor, GroupChangeListeners) }

// PostVisibility decides whether the viewer in ctx may see post id; the
// realtime gateway asks it before a socket follows post:{id}. It is the
// hook of the posts feature: until it is provided, any signed-in member may
// follow post:{id}.
type PostVisibility interface {
	CanSeePost(ctx context.Context, postID uuid.UUID) error
}
