// Package comments is the comments feature: comments on posts, their lists and deletion.
// Its use cases are in app/, its store and jobs in pgstore/, its routes in
// httpapi/; this file wires them.
package comments

import (
	"log/slog"

	"go.uber.org/fx"

	"social/config"
	"social/core/ports"
	"social/features/comments/app"
	"social/features/comments/httpapi"
	commentsstore "social/features/comments/pgstore"
	notifications "social/features/notifications/app"
	"social/kit/plugin"
)

// Module wires the comment use cases to the postgres store and contributes
// the routes.
var Module = fx.Module("comments",
	fx.Provide(
		fx.Private,
		commentsstore.NewCommentsWithAudiences,
	),
	// The use cases, for the routes here and the other drivers of the app
	// (the Mastodon client API).
	fx.Provide(newUseCases),
	fx.Provide(plugin.AsRoutes(httpapi.NewRoutes), plugin.AsDemoSeeder(newDemoSeeder)),
	// Posts and comments as a viewer sees them, for the features that act
	// on them (reports).
	fx.Provide(
		func(c *commentsstore.Comments) app.PostReader { return c },
		func(c *commentsstore.Comments) app.CommentReader { return c },
	),
)

type useCaseParams struct {
	fx.In
	Config      *config.Config
	Comments    *commentsstore.Comments
	Tx          ports.Transactor
	Clock       ports.Clock
	Broadcaster ports.Broadcaster
	Limiter     ports.RateLimiter
	Notices     *notifications.Recorder
	Announcer   *notifications.Announcer
	Changes     ports.Changes
	Log         *slog.Logger
}

func newUseCases(p useCaseParams) app.UseCases {
	return app.UseCases{
		Create: &app.CreateComment{Tx: p.Tx, Posts: p.Comments, Comments: p.Comments, Limiter: p.Limiter,
			PerMember: p.Config.Limits.CommentPerMember,
			Notices:   p.Notices, Announcer: p.Announcer, Clock: p.Clock, Broadcaster: p.Broadcaster, Changes: p.Changes,
			Log: p.Log},
		List: &app.ListComments{Posts: p.Comments, Comments: p.Comments},
		Delete: &app.DeleteComment{Tx: p.Tx, Comments: p.Comments, Broadcaster: p.Broadcaster, Changes: p.Changes,
			Log: p.Log},
		Get: &app.GetComment{Comments: p.Comments},
	}
}
