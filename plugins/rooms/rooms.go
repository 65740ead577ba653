// Package rooms is the listening rooms plugin: rooms playing a live radio
// station (from the radio-browser directory, plugins/rooms/radio) or a
// track the host controls, their chat, presence over the realtime topic
// room:{id} (subscribing joins; the last socket leaving leaves after
// rooms.presence_grace), the live rooms list (topic rooms:list), the built-in
// demo track and demo rooms, the periodic sweep of stale participants and
// idle rooms (job rooms.sweep), the copy of each room's picture (job
// rooms.copy_track_image) and the admin resource "rooms".
package rooms

import (
	"context"
	"log/slog"
	"strings"

	"github.com/google/uuid"
	"github.com/riverqueue/river"
	"go.uber.org/fx"

	"social/config"
	"social/core/ports"
	media "social/features/media/app"
	safety "social/features/safety/app"
	"social/kit/httpkit"
	"social/kit/plugin"
	"social/platform/lifecycle"
	"social/platform/pgkit"
	"social/plugins/rooms/app"
	"social/plugins/rooms/demotrack"
	"social/plugins/rooms/httpapi"
	"social/plugins/rooms/migrations"
	"social/plugins/rooms/pgstore"
	"social/plugins/rooms/radio"
)

// Name prefixes the plugin's routes, operations, job kinds and config switch.
const Name = "rooms"

// Plugin is the entry of plugins/all.go: the use cases wired to the store
// and everything the plugin contributes.
var Plugin = plugin.New(Name, migrations.Files, settings,
	plugin.Private(
		config.ProvidePluginSettings[Config](Name),
		pgstore.New,
		newDirectory,
		newRooms,
		func(r *app.Rooms, audit ports.AuditLog) *app.EndRoomAsAdmin {
			return &app.EndRoomAsAdmin{Rooms: r, Audit: audit}
		},
	),
	fx.Provide(
		newPresence,
		newSweep,
		plugin.AsRoutes(newRoutes),
		plugin.AsMemberData(plugin.StoreMemberData[*pgstore.Store](Name)),
		plugin.AsTopic(newTopic),
		plugin.AsTopic(func() plugin.Topic {
			return plugin.Topic{Plugin: Name, Prefix: app.ListTopicPrefix, Authorize: app.AuthorizeListTopic{}.Handle}
		}),
		plugin.AsAdminResource(httpapi.NewAdminResource),
		plugin.AsMediaSources(newMediaSources),
		plugin.AsWorker(func(s *app.SweepRooms) plugin.Worker { return plugin.NewWorker(Name, &SweepWorker{Sweep: s}) }),
		plugin.AsWorker(newTrackImageWorker),
		plugin.AsPeriodicJob(func(cfg *Config) plugin.PeriodicJob {
			return plugin.NewPeriodicJob(Name, SweepArgs{}, cfg.Rooms.SweepEvery)
		}),
		plugin.AsMemberDemoSeeder(newMemberDemoSeeder),
		plugin.AsDemoSeeder(newDemoSeeder),
		httpkit.AsMount(func() httpkit.Mount {
			return httpkit.Mount{Pattern: "GET " + demotrack.Path, Handler: demotrack.Handler()}
		}),
	),
)

// newMemberDemoSeeder opens a member's demo rooms inside the core's demo
// seeding transaction, and ends and deletes them in the core's clearing; it needs only the database (seed-demo --for runs
// without the serving app).
func newMemberDemoSeeder(store *pgstore.Store, r *app.Rooms, dir app.Directory, clock ports.Clock, cfg *config.Config, rows plugin.DemoRows) plugin.MemberDemoSeeder {
	uc := &app.SeedDemo{Store: store, Directory: dir, Clock: clock, Rows: rows,
		TrackURL: strings.TrimRight(cfg.HTTP.PublicURL, "/") + demotrack.Path}
	clear := &app.ClearDemo{End: &app.EndRoom{Rooms: r}, Rooms: store, Rows: rows}
	return plugin.MemberDemoSeeder{Plugin: Name, Seed: uc.Handle, Clear: clear.Handle}
}

type roomsParams struct {
	fx.In
	Store       *pgstore.Store
	Tx          ports.Transactor
	Committed   ports.AfterCommit `optional:"true"`
	Clock       ports.Clock
	Broadcaster ports.Broadcaster
	// Media is absent from the commands' graph (seed-demo): they answer
	// no request, and the zero MediaLinks signs no link.
	Media  httpkit.MediaLinks `optional:"true"`
	Access ports.AccessChanges
	Safety safety.Relations
	Log    *slog.Logger
}

func newRooms(p roomsParams) *app.Rooms {
	return &app.Rooms{Tx: p.Tx, Committed: p.Committed, Store: p.Store, Clock: p.Clock, Broadcaster: p.Broadcaster, Links: p.Media,
		Access: p.Access, Safety: p.Safety, Log: p.Log.With("plugin", Name)}
}

// directory adapts the radio adapter to the app's port.
type directory struct{ d *radio.Directory }

func station(s radio.Station) app.Station {
	return app.Station{ID: s.ID, Name: s.Name, Country: s.Country, Tags: s.Tags, StreamURL: s.StreamURL, Favicon: s.Favicon}
}

func (d directory) Stations(ctx context.Context, genre string) app.StationList {
	l := d.d.Stations(ctx, genre)
	out := app.StationList{Source: l.Source, Stations: make([]app.Station, len(l.Stations))}
	for i, s := range l.Stations {
		out.Stations[i] = station(s)
	}
	return out
}

func (d directory) Station(ctx context.Context, id string) (app.Station, error) {
	s, err := d.d.Station(ctx, id)
	if err == radio.ErrUnknownStation {
		return app.Station{}, app.ErrUnknownStation
	}
	return station(s), err
}

func newDirectory(cfg *Config, log *slog.Logger) app.Directory {
	r := cfg.Radio
	ua := r.UserAgent + " social/" + config.Version
	return directory{radio.New(radio.Options{Mirrors: append([]string(nil), r.Mirrors...), Limit: r.Limit,
		Timeout: r.Timeout, CacheTTL: r.CacheTTL, UserAgent: ua, Logger: log.With("component", "radio")})}
}

func newRoutes(r *app.Rooms, dir app.Directory, media httpkit.MediaLinks, cfg *config.Config, own *Config, jobs *pgkit.JobInserter) plugin.Routes {
	return httpapi.NewRoutes(httpapi.UseCases{
		Stations: &app.ListStations{Directory: dir},
		List:     &app.ListRooms{Rooms: r},
		Create: &app.CreateRoom{Rooms: r, Directory: dir, Images: TrackImageQueue{Jobs: jobs},
			Streams: app.NewStreamHosts(cfg.HTTP.PublicURL, own.Rooms.StreamHosts)},
		Get:          &app.GetRoom{Rooms: r},
		End:          &app.EndRoom{Rooms: r},
		Join:         &app.JoinRoom{Rooms: r},
		Leave:        &app.LeaveRoom{Rooms: r},
		Participants: &app.ListParticipants{Rooms: r},
		Messages:     &app.ListMessages{Rooms: r},
		Send:         &app.SendMessage{Rooms: r},
		Playback:     &app.ControlPlayback{Rooms: r},
		Remove:       &app.RemoveParticipant{Rooms: r},
	}, media)
}

// newPresence tracks sockets; its refresh loop runs while the app does, and
// pending leaves are dropped at stop (the sweep removes them once stale).
func newPresence(lc fx.Lifecycle, r *app.Rooms, cfg *Config) *app.Presence {
	p := &app.Presence{Rooms: r, Grace: cfg.Rooms.PresenceGrace, Stale: cfg.Rooms.PresenceStale, Node: uuid.New()}
	// Stop hooks run in the reverse order of their appending: the refresh
	// loop ends first, then the leaves are dropped and the running ones
	// awaited.
	lc.Append(fx.Hook{OnStop: func(ctx context.Context) error {
		p.Stop()
		return lifecycle.Await(ctx, "rooms presence leaves", p.Wait)
	}})
	lifecycle.RunWhileUp(lc, "rooms presence refresh", func(ctx context.Context) { p.Run(ctx, cfg.Rooms.PresenceRefresh) })
	return p
}

func newTopic(r *app.Rooms, p *app.Presence) plugin.Topic {
	uc := &app.AuthorizeTopic{Rooms: r}
	return plugin.Topic{Plugin: Name, Prefix: app.TopicPrefix, Authorize: uc.Handle,
		OnSubscribe: p.Subscribed, OnUnsubscribe: p.Unsubscribed}
}

func newSweep(r *app.Rooms, cfg *Config) *app.SweepRooms {
	return &app.SweepRooms{Rooms: r, Stale: cfg.Rooms.PresenceStale, IdleAfter: cfg.Rooms.IdleAfter}
}

// TrackImageArgs is the rooms.copy_track_image job of one room.
type TrackImageArgs struct {
	RoomID uuid.UUID `json:"room_id"`
}

// Kind is the job's stable name.
func (TrackImageArgs) Kind() string { return "rooms.copy_track_image" }

// InsertOpts puts the job in the outside queue: it fetches the picture from the station's site.
func (TrackImageArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: plugin.QueueOutside}
}

// TrackImageQueue enqueues rooms.copy_track_image in the caller's transaction.
type TrackImageQueue struct{ Jobs *pgkit.JobInserter }

// EnqueueTrackImage enqueues the copy of room's picture.
func (q TrackImageQueue) EnqueueTrackImage(ctx context.Context, room uuid.UUID) error {
	return q.Jobs.Insert(ctx, TrackImageArgs{RoomID: room}, &river.InsertOpts{MaxAttempts: 5})
}

// TrackImageWorker works rooms.copy_track_image; running it twice is
// harmless (a room with its copy is done).
type TrackImageWorker struct {
	river.WorkerDefaults[TrackImageArgs]
	Copy *app.CopyTrackImage
}

// Work copies the picture.
func (w *TrackImageWorker) Work(ctx context.Context, job *river.Job[TrackImageArgs]) error {
	return w.Copy.Handle(ctx, job.Args.RoomID)
}

type trackImageParams struct {
	fx.In
	Store  *pgstore.Store
	Fetch  ports.RemoteImageFetcher
	Images ports.ImageCleaner
	Blobs  ports.BlobStore
	Log    *slog.Logger
}

func newTrackImageWorker(p trackImageParams) plugin.Worker {
	return plugin.NewWorker(Name, &TrackImageWorker{Copy: &app.CopyTrackImage{Store: p.Store, Log: p.Log.With("plugin", Name),
		Images: &media.CopyRemoteImage{Fetch: p.Fetch, Images: p.Images, Blobs: p.Blobs}}})
}

// SweepArgs is the rooms.sweep job.
type SweepArgs struct{}

// Kind is the job's stable name.
func (SweepArgs) Kind() string { return "rooms.sweep" }

// SweepWorker works rooms.sweep; running it twice is harmless.
type SweepWorker struct {
	river.WorkerDefaults[SweepArgs]
	Sweep *app.SweepRooms
}

// Work sweeps.
func (w *SweepWorker) Work(ctx context.Context, _ *river.Job[SweepArgs]) error {
	_, _, err := w.Sweep.Handle(ctx)
	return err
}
