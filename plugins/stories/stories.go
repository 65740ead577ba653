// Package stories is the stories plugin: text stories that live 24 hours,
// seen by their author and the author's followers, each member's view
// counted once (the count and the viewers are the author's alone), live
// events on stories:{member id}, the periodic job stories.expire that
// deletes dead stories, and the admin resource "stories".
package stories

import (
	"context"
	"log/slog"

	"github.com/riverqueue/river"
	"go.uber.org/fx"

	"social/config"
	"social/core/ports"
	safety "social/features/safety/app"
	"social/kit/httpkit"
	"social/kit/plugin"
	"social/plugins/stories/app"
	"social/plugins/stories/httpapi"
	"social/plugins/stories/migrations"
	"social/plugins/stories/pgstore"
)

// Name prefixes the plugin's routes, operations, job kinds and config switch.
const Name = "stories"

// Plugin is the entry of plugins/all.go: the use cases wired to the store
// and everything the plugin contributes.
var Plugin = plugin.New(Name, migrations.Files, settings,
	plugin.Private(
		config.ProvidePluginSettings[Config](Name),
		pgstore.New,
		newStories,
	),
	fx.Provide(
		plugin.AsRoutes(newRoutes),
		plugin.AsMemberData(plugin.StoreMemberData[*pgstore.Store](Name)),
		plugin.AsTopic(func() plugin.Topic { return plugin.MemberTopic(Name, app.TopicPrefix) }),
		plugin.AsAdminResource(httpapi.NewAdminResource),
		plugin.AsWorker(func(s *app.Stories) plugin.Worker {
			return plugin.NewWorker(Name, &ExpireWorker{Expire: &app.ExpireStories{Stories: s}})
		}),
		plugin.AsPeriodicJob(func(cfg *Config) plugin.PeriodicJob {
			return plugin.NewPeriodicJob(Name, ExpireArgs{}, cfg.Stories.ExpireEvery)
		}),
		plugin.AsDemoSeeder(newDemoSeeder),
	),
)

type storiesParams struct {
	fx.In
	Store       *pgstore.Store
	Tx          ports.Transactor
	Clock       ports.Clock
	Broadcaster ports.Broadcaster
	Safety      safety.Relations
	Log         *slog.Logger
}

func newStories(p storiesParams) *app.Stories {
	return &app.Stories{Tx: p.Tx, Store: p.Store, Clock: p.Clock, Broadcaster: p.Broadcaster,
		Safety: p.Safety, Log: p.Log.With("plugin", Name)}
}

func newRoutes(s *app.Stories, media httpkit.MediaLinks) plugin.Routes {
	return httpapi.NewRoutes(httpapi.UseCases{
		List:    &app.ListStories{Stories: s},
		Create:  &app.CreateStory{Stories: s},
		Get:     &app.GetStory{Stories: s},
		View:    &app.ViewStory{Stories: s},
		Viewers: &app.ListViewers{Stories: s},
		Delete:  &app.DeleteStory{Stories: s},
	}, media)
}

// ExpireArgs is the stories.expire job.
type ExpireArgs struct{}

// Kind is the job's stable name.
func (ExpireArgs) Kind() string { return "stories.expire" }

// ExpireWorker works stories.expire; running it twice is harmless.
type ExpireWorker struct {
	river.WorkerDefaults[ExpireArgs]
	Expire *app.ExpireStories
}

// Work deletes the expired stories.
func (w *ExpireWorker) Work(ctx context.Context, _ *river.Job[ExpireArgs]) error {
	_, err := w.Expire.Handle(ctx)
	return err
}
