package postsapi

import (
	"context"
	"log/slog"

	"github.com/danielgtaylor/huma/v2"
	"github.com/google/uuid"
	"go.uber.org/fx"

	"social/adapters/postgres"
	"social/adapters/realtime"
	"social/core/app/posts"
	"social/core/domain"
	"social/core/ports"
	"social/plugins/plugin"
)

// Module wires the post use cases to the postgres store, contributes the
// routes and the link-preview worker. Visibility (realtime.PostVisibility)
// is ready but not provided yet: adapters/realtime's tests still expect any
// post:{id} to be open (see docs/architecture.md, "Posts and the feed").
var Module = fx.Module("posts",
	fx.Provide(
		fx.Private,
		postgres.NewPosts,
		newUseCases,
	),
	fx.Provide(
		plugin.AsRoutes(NewRoutes),
		plugin.AsWorker(newWorker),
		// post:{id} subscriptions follow who may read the post.
		fx.Annotate(NewVisibility, fx.As(new(realtime.PostVisibility))),
	),
)

// UseCases are the post operations.
type UseCases struct {
	Create *posts.CreatePost
	Get    *posts.GetPost
	Update *posts.UpdatePostText
	Delete *posts.DeletePost
	Like   *posts.LikePost
	Unlike *posts.UnlikePost
	Share  *posts.SharePost
	Feed   *posts.ListFeed
	Fill   *posts.FillLinkPreview
	// Preview is the composer's link preview.
	Preview   *posts.PreviewLink
	Translate *posts.TranslatePost
	Demo      *posts.SeedDemo
	// Translator answers the translation capabilities.
	Translator ports.Translator
}

type useCaseParams struct {
	fx.In
	Posts       *postgres.Posts
	Tx          ports.Transactor
	Jobs        *postgres.JobInserter
	Clock       ports.Clock
	Broadcaster ports.Broadcaster
	Previewer   ports.LinkPreviewer
	Limiter     ports.RateLimiter
	Translator  ports.Translator
	Log         *slog.Logger
}

func newUseCases(p useCaseParams) UseCases {
	return UseCases{
		Create: &posts.CreatePost{Tx: p.Tx, Posts: p.Posts, Previews: postgres.PreviewQueue{Jobs: p.Jobs},
			Clock: p.Clock, Broadcaster: p.Broadcaster, Log: p.Log},
		Get:    &posts.GetPost{Posts: p.Posts},
		Update: &posts.UpdatePostText{Tx: p.Tx, Posts: p.Posts, Items: p.Posts, Clock: p.Clock},
		Delete: &posts.DeletePost{Tx: p.Tx, Posts: p.Posts},
		Like: &posts.LikePost{Tx: p.Tx, Items: p.Posts, Likes: p.Posts, Clock: p.Clock,
			Broadcaster: p.Broadcaster, Log: p.Log},
		Unlike:  &posts.UnlikePost{Tx: p.Tx, Items: p.Posts, Likes: p.Posts, Broadcaster: p.Broadcaster, Log: p.Log},
		Share:   &posts.SharePost{Items: p.Posts, Shares: p.Posts},
		Feed:    &posts.ListFeed{Feed: p.Posts, Clock: p.Clock},
		Fill:    &posts.FillLinkPreview{Posts: p.Posts, Previews: p.Previewer},
		Preview: &posts.PreviewLink{Limiter: p.Limiter, Previews: p.Previewer},
		Translate: &posts.TranslatePost{Items: p.Posts, Cache: p.Posts, Translator: p.Translator,
			Clock: p.Clock},
		Demo:       &posts.SeedDemo{Tx: p.Tx, Posts: p.Posts, Clock: p.Clock},
		Translator: p.Translator,
	}
}

func newWorker(uc UseCases) plugin.Worker {
	return plugin.NewWorker("", &postgres.FillLinkPreviewWorker{Fill: uc.Fill})
}

// Visibility lets a member follow post:{id} only for a post they may read.
type Visibility struct{ get *posts.GetPost }

var _ realtime.PostVisibility = Visibility{}

// NewVisibility is the realtime.PostVisibility of posts.
func NewVisibility(uc UseCases) Visibility { return Visibility{get: uc.Get} }

// CanSeePost is nil when the viewer in ctx may read post id.
func (v Visibility) CanSeePost(ctx context.Context, id uuid.UUID) error {
	_, err := v.get.Handle(ctx, domain.ViewerFrom(ctx), domain.PostID(id))
	return err
}

// NewRoutes contributes the post and feed operations under /api/v1.
func NewRoutes(uc UseCases, blobs ports.BlobStore, log *slog.Logger) plugin.Routes {
	l := links{blobs: blobs, log: log}
	return plugin.Routes{Register: func(api huma.API) {
		registerCreatePost(api, uc, l)
		registerGetPost(api, uc.Get, l)
		registerUpdatePost(api, uc.Update, l)
		registerDeletePost(api, uc.Delete)
		registerLikes(api, uc.Like, uc.Unlike)
		registerSharePost(api, uc.Share)
		registerListFeed(api, uc.Feed, l)
		registerLinkPreview(api, uc.Preview)
		registerTranslation(api, uc.Translate, uc.Translator)
		registerDemoData(api, uc.Demo)
	}}
}
