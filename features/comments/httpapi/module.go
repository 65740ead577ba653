package httpapi

import (
	"log/slog"

	"github.com/danielgtaylor/huma/v2"
	"go.uber.org/fx"

	"social/core/ports"
	comments "social/features/comments/app"
	commentsstore "social/features/comments/pgstore"
	notifications "social/features/notifications/app"
	"social/internal/config"
	"social/kit/httpkit"
	"social/kit/plugin"
)

// Module wires the comment use cases to the postgres store and contributes
// the routes.
var Module = fx.Module("comments",
	fx.Provide(
		fx.Private,
		commentsstore.NewCommentsWithAudiences,
		newUseCases,
	),
	fx.Provide(plugin.AsRoutes(NewRoutes)),
)

// UseCases are the comment operations.
type UseCases struct {
	Create *comments.CreateComment
	List   *comments.ListComments
	Delete *comments.DeleteComment
}

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
	Log         *slog.Logger
}

func newUseCases(p useCaseParams) UseCases {
	return UseCases{
		Create: &comments.CreateComment{Tx: p.Tx, Posts: p.Comments, Comments: p.Comments, Limiter: p.Limiter,
			PerMember: p.Config.Limits.CommentPerMember,
			Notices:   p.Notices, Announcer: p.Announcer, Clock: p.Clock, Broadcaster: p.Broadcaster, Log: p.Log},
		List:   &comments.ListComments{Posts: p.Comments, Comments: p.Comments},
		Delete: &comments.DeleteComment{Tx: p.Tx, Comments: p.Comments, Broadcaster: p.Broadcaster, Log: p.Log},
	}
}

// NewRoutes contributes the comment operations under /api/v1.
func NewRoutes(uc UseCases, media httpkit.MediaLinks) plugin.Routes {
	l := links{media: media}
	return plugin.Routes{Register: func(api huma.API) {
		registerCreateComment(api, uc.Create, l)
		registerListComments(api, uc.List, l)
		registerDeleteComment(api, uc.Delete)
	}}
}
