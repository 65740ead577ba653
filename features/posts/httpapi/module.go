package httpapi

import (
	"context"
	"log/slog"

	"github.com/danielgtaylor/huma/v2"
	"github.com/google/uuid"
	"go.uber.org/fx"

	"social/core/domain"
	"social/core/ports"
	media "social/features/media/app"
	notifications "social/features/notifications/app"
	posts "social/features/posts/app"
	postsstore "social/features/posts/pgstore"
	timelinesstore "social/features/timelines/pgstore"
	"social/internal/config"
	"social/kit/httpkit"
	"social/kit/pgkit"
	"social/kit/plugin"
)

// Module wires the post use cases to the postgres store, contributes the
// routes and the workers (link preview, deleted posts' files), and provides
// Visibility as plugin.PostVisibility.
var Module = fx.Module("posts",
	fx.Provide(
		fx.Private,
		postsstore.NewPostsWithAudiences,
		newUseCases,
	),
	fx.Provide(
		// The feature that keeps audiences writes and lists their posts
		// through the same use cases.
		func(uc UseCases) *posts.CreatePost { return uc.Create },
		func(uc UseCases) *posts.CreateMediaPost { return uc.CreateMedia },
		func(uc UseCases) *posts.ListAudiencePosts { return uc.Audience },
		func(uc UseCases) *posts.GetPost { return uc.Get },
		// The posts' files are deleted by one job, whoever deletes posts
		// (a community taking its posts with it).
		fx.Annotate(func(jobs *pgkit.JobInserter) postsstore.MediaQueue { return postsstore.MediaQueue{Jobs: jobs} },
			fx.As(new(posts.MediaQueue))),
		plugin.AsRoutes(NewRoutes),
		plugin.AsWorker(newWorker),
		plugin.AsWorker(newDeleteMediaWorker),
		// Moderators remove posts through the same delete path.
		func(uc UseCases) posts.Removal { return uc.Removal },
		// post:{id} subscriptions follow who may read the post.
		fx.Annotate(NewVisibility, fx.As(new(plugin.PostVisibility))),
	),
)

// UseCases are the post operations.
type UseCases struct {
	Create *posts.CreatePost
	// CreateMedia publishes a post with an image or a video.
	CreateMedia *posts.CreateMediaPost
	// DeleteMedia removes a deleted post's file (posts.delete_media).
	DeleteMedia *posts.DeletePostMedia
	Get         *posts.GetPost
	Update      *posts.UpdatePostText
	Delete      *posts.DeletePost
	// Removal is the delete path moderators' removals share.
	Removal     posts.Removal
	Like        *posts.LikePost
	Unlike      *posts.UnlikePost
	Share       *posts.SharePost
	Feed        *posts.ListFeed
	AuthorPosts *posts.ListAuthorPosts
	// Audience lists an audience's posts (served by its feature's routes).
	Audience *posts.ListAudiencePosts
	Fill     *posts.FillLinkPreview
	// Preview is the composer's link preview.
	Preview   *posts.PreviewLink
	Translate *posts.TranslatePost
	Demo      *posts.SeedDemo
	// Translator answers the translation capabilities.
	Translator ports.Translator
}

type useCaseParams struct {
	fx.In
	Config *config.Config
	Posts  *postsstore.Posts
	// Read serves the feeds (a replica when database.read_url is set).
	Read         pgkit.ReadDB
	Tx           ports.Transactor
	Jobs         *pgkit.JobInserter
	Clock        ports.Clock
	Broadcaster  ports.Broadcaster
	Access       ports.AccessChanges
	Previewer    ports.LinkPreviewer
	RemoteImages ports.RemoteImageFetcher
	Limiter      ports.RateLimiter
	Translator   ports.Translator
	Blobs        ports.BlobStore
	Images       ports.ImageCleaner
	Videos       ports.VideoChecker
	Search       ports.SearchIndexQueue
	Timelines    timelinesstore.TimelineQueue
	Notices      *notifications.Recorder
	Announcer    *notifications.Announcer
	Log          *slog.Logger
	// Audiences is who may read and write an audience's posts, when a
	// feature keeps audiences; absent, members_only posts are their
	// authors' alone.
	Audiences postsstore.OptionalAudiences
	// MemberSeeders add the plugins' demo data to a member's demo posts.
	MemberSeeders []plugin.MemberDemoSeeder `group:"member_demo_seeders"`
}

func newUseCases(p useCaseParams) UseCases {
	previews := postsstore.PreviewQueue{Jobs: p.Jobs}
	removal := posts.Removal{Search: p.Search, Posts: p.Posts, Media: postsstore.MediaQueue{Jobs: p.Jobs},
		Broadcaster: p.Broadcaster, Access: p.Access, Log: p.Log}
	create := &posts.CreatePost{Tx: p.Tx, Search: p.Search, Posts: p.Posts, Audiences: p.Audiences.Audiences, Previews: previews,
		Timelines: p.Timelines, Mentions: p.Posts, Notices: p.Notices, Announcer: p.Announcer,
		Clock: p.Clock, Broadcaster: p.Broadcaster, Log: p.Log}
	return UseCases{
		Create:      create,
		CreateMedia: &posts.CreateMediaPost{Create: create, Media: posts.MediaStore{Blobs: p.Blobs, Images: p.Images, Videos: p.Videos, Clock: p.Clock, Log: p.Log}},
		DeleteMedia: &posts.DeletePostMedia{Blobs: p.Blobs},
		Get:         &posts.GetPost{Posts: p.Posts},
		Update: &posts.UpdatePostText{Tx: p.Tx, Search: p.Search, Posts: p.Posts, Items: p.Posts, Previews: previews,
			Media: postsstore.MediaQueue{Jobs: p.Jobs}, Clock: p.Clock,
			Broadcaster: p.Broadcaster, Log: p.Log},
		Delete:  &posts.DeletePost{Tx: p.Tx, Removal: removal, Audiences: p.Audiences.Audiences},
		Removal: removal,
		Like: &posts.LikePost{Tx: p.Tx, Items: p.Posts, Likes: p.Posts, Clock: p.Clock,
			Notices: p.Notices, Announcer: p.Announcer, Broadcaster: p.Broadcaster, Log: p.Log},
		Unlike: &posts.UnlikePost{Tx: p.Tx, Items: p.Posts, Likes: p.Posts,
			Notices: p.Notices, Announcer: p.Announcer, Broadcaster: p.Broadcaster, Log: p.Log},
		Share:       &posts.SharePost{Items: p.Posts, Shares: p.Posts},
		Feed:        &posts.ListFeed{Feed: postsstore.NewPosts(p.Read.DB), Clock: p.Clock},
		AuthorPosts: &posts.ListAuthorPosts{Posts: p.Posts},
		Audience:    &posts.ListAudiencePosts{Posts: p.Posts, Audiences: p.Audiences.Audiences},
		Fill: &posts.FillLinkPreview{Posts: p.Posts, Previews: p.Previewer, Clock: p.Clock, Log: p.Log,
			Images: &media.CopyRemoteImage{Fetch: p.RemoteImages, Images: p.Images, Blobs: p.Blobs}},
		Preview: &posts.PreviewLink{Limiter: p.Limiter, PerMember: p.Config.Limits.LinkPreviewPerMember, Previews: p.Previewer},
		Translate: &posts.TranslatePost{Items: p.Posts, Cache: p.Posts, Translator: p.Translator,
			Clock: p.Clock},
		Demo: &posts.SeedDemo{Tx: p.Tx, Search: p.Search, Posts: p.Posts, Clock: p.Clock,
			Extras: MemberSeeds(p.MemberSeeders)},
		Translator: p.Translator,
	}
}

// MemberSeeds are the plugins' per-member demo seeders as posts.SeedDemo
// extras.
func MemberSeeds(list []plugin.MemberDemoSeeder) []posts.MemberSeed {
	out := make([]posts.MemberSeed, 0, len(list))
	for _, s := range list {
		out = append(out, s.Seed)
	}
	return out
}

func newWorker(uc UseCases) plugin.Worker {
	return plugin.NewWorker("", &postsstore.FillLinkPreviewWorker{Fill: uc.Fill})
}

func newDeleteMediaWorker(uc UseCases) plugin.Worker {
	return plugin.NewWorker("", &postsstore.DeletePostMediaWorker{Delete: uc.DeleteMedia})
}

// Visibility lets a member follow post:{id} only for a post they may read.
type Visibility struct{ get *posts.GetPost }

var _ plugin.PostVisibility = Visibility{}

// NewVisibility is the plugin.PostVisibility of posts.
func NewVisibility(uc UseCases) Visibility { return Visibility{get: uc.Get} }

// CanSeePost is nil when the viewer in ctx may read post id.
func (v Visibility) CanSeePost(ctx context.Context, id uuid.UUID) error {
	_, err := v.get.Handle(ctx, domain.ViewerFrom(ctx), domain.PostID(id))
	return err
}

// NewRoutes contributes the post and feed operations under /api/v1.
func NewRoutes(uc UseCases, media httpkit.MediaLinks) plugin.Routes {
	l := links{media: media}
	return plugin.Routes{Register: func(api huma.API) {
		registerCreatePost(api, uc, l)
		registerCreateMediaPost(api, uc, l)
		registerGetPost(api, uc.Get, l)
		registerUpdatePost(api, uc.Update, l)
		registerDeletePost(api, uc.Delete)
		registerLikes(api, uc.Like, uc.Unlike)
		registerSharePost(api, uc.Share)
		registerListFeed(api, uc.Feed, l)
		registerListAuthorPosts(api, uc.AuthorPosts, l)
		registerLinkPreview(api, uc.Preview)
		registerTranslation(api, uc.Translate, uc.Translator)
		registerDemoData(api, uc.Demo)
	}}
}
