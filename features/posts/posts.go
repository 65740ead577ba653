// Package posts is the posts feature: posts, likes, shares, link previews, translation and the public feed.
// Its use cases are in app/, its store and jobs in pgstore/, its routes in
// httpapi/; this file wires them.
package posts

import (
	"context"
	"log/slog"

	"github.com/google/uuid"
	"go.uber.org/fx"

	"social/config"
	"social/core/domain"
	"social/core/ports"
	media "social/features/media/app"
	notifications "social/features/notifications/app"
	"social/features/posts/app"
	"social/features/posts/httpapi"
	postsstore "social/features/posts/pgstore"
	timelines "social/features/timelines/app"
	"social/kit/plugin"
	"social/platform/pgkit"
)

// Module wires the post use cases to the postgres store, contributes the
// routes and the workers (link preview, deleted posts' files), and provides
// Visibility as plugin.PostVisibility.
var Module = fx.Module("posts",
	fx.Provide(
		fx.Private,
		postsstore.NewPostsWithAudiences,
	),
	// The use cases, for the routes here and the other drivers of the app
	// (the Mastodon client API).
	fx.Provide(newUseCases),
	fx.Provide(
		// The posts' files are deleted by one job, whoever deletes posts
		// (a community taking its posts with it).
		fx.Annotate(func(jobs *pgkit.JobInserter) postsstore.MediaQueue { return postsstore.MediaQueue{Jobs: jobs} },
			fx.As(new(app.MediaQueue))),
		plugin.AsRoutes(httpapi.NewRoutes),
		// Demo seeding: the network's posts, and a member's own (--for).
		plugin.AsDemoSeeder(newDemoSeeder),
		func(uc app.UseCases) *app.SeedDemo { return uc.Demo },
		// Which rows a member's demo data created, for every feature that
		// seeds one, so that clearing it takes exactly those.
		fx.Annotate(postsstore.NewDemoRows, fx.As(new(plugin.DemoRows))),
		newDemoPosting,
		// The link-preview queue as a port of its own, which a demo seeding
		// replaces (the demo sites do not exist).
		func(j *pgkit.JobInserter) app.PreviewQueue { return postsstore.PreviewQueue{Jobs: j} },
		plugin.AsWorker(newWorker),
		plugin.AsWorker(newDeleteMediaWorker),
		plugin.AsWorker(newPruneMediaWorker),
		plugin.AsPeriodicJob(postsstore.NewPrunePendingMediaJob),
		// The media links resolve a post's files for the viewers who may
		// read the post.
		func(p *postsstore.Posts) media.PostReader { return p },
		// Reading a post needs nothing but the store: the plugins' change
		// listeners read with these.
		func(p *postsstore.Posts) app.Readers {
			return app.Readers{Get: &app.GetPost{Posts: p}, Named: &app.MembersNamed{Members: p}}
		},
		// An erased member's posts are deleted as any post is.
		func(p *postsstore.Posts) app.PostDeleter { return p },
		// Moderators remove posts through the same delete path.
		func(uc app.UseCases) app.Removal { return uc.Removal },
		// post:{id} subscriptions follow who may read the post.
		fx.Annotate(NewVisibility, fx.As(new(plugin.PostVisibility))),
	),
)

type useCaseParams struct {
	fx.In
	Config *config.Config
	Posts  *postsstore.Posts
	// Read serves the feeds (a replica when database.read_url is set).
	Read         pgkit.ReadDB
	Tx           ports.Transactor
	Jobs         *pgkit.JobInserter
	Previews     app.PreviewQueue
	Clock        ports.Clock
	Broadcaster  ports.Broadcaster
	Access       ports.AccessChanges
	Previewer    ports.LinkPreviewer
	RemoteImages ports.RemoteImageFetcher
	Limiter      ports.RateLimiter
	Translator   ports.Translator
	Blobs        ports.BlobStore
	Images       ports.ImageCleaner
	Copies       ports.ImageVariants
	Videos       ports.VideoChecker
	Search       ports.SearchIndexQueue
	Timelines    *timelines.PlaceNewPost
	Notices      *notifications.Recorder
	Announcer    *notifications.Announcer
	Changes      ports.Changes
	Log          *slog.Logger
	// Audiences is who may read and write an audience's posts, when a
	// feature keeps audiences; absent, members_only posts are their
	// authors' alone.
	Audiences postsstore.OptionalAudiences
	// AudienceGate answers members naming an audience on the posts routes
	// (create-post, create-media-post, list-feed), when a feature keeps
	// audiences.
	AudienceGate app.AudienceGate `optional:"true"`
	// MemberSeeders add the plugins' demo data to a member's demo posts.
	MemberSeeders []plugin.MemberDemoSeeder `group:"member_demo_seeders"`
	DemoRows      plugin.DemoRows
}

func newUseCases(p useCaseParams) app.UseCases {
	previews := p.Previews
	removal := app.Removal{Search: p.Search, Posts: p.Posts, Media: postsstore.MediaQueue{Jobs: p.Jobs},
		Broadcaster: p.Broadcaster, Access: p.Access, Changes: p.Changes, Log: p.Log}
	mediaStore := app.MediaStore{Blobs: p.Blobs, Images: p.Images, Copies: p.Copies, Videos: p.Videos, Clock: p.Clock, Log: p.Log}
	create := &app.CreatePost{Tx: p.Tx, Search: p.Search, Posts: p.Posts, Audiences: p.Audiences.Audiences, Gate: p.AudienceGate,
		Pending: p.Posts, Previews: previews,
		Timelines: p.Timelines, Mentions: p.Posts, Notices: p.Notices, Announcer: p.Announcer, Changes: p.Changes,
		Clock: p.Clock, Broadcaster: p.Broadcaster, Log: p.Log}
	likes := app.LikeFlow{Tx: p.Tx, Items: p.Posts, Notices: p.Notices, Announcer: p.Announcer,
		Broadcaster: p.Broadcaster, Changes: p.Changes, Log: p.Log}
	return app.UseCases{
		Create:        create,
		CreateMedia:   &app.CreateMediaPost{Create: create, Media: mediaStore},
		Upload:        &app.UploadMedia{Media: mediaStore, Pending: p.Posts, Clock: p.Clock},
		GetMedia:      &app.GetMedia{Pending: p.Posts},
		DescribeMedia: &app.DescribeMedia{Pending: p.Posts},
		PruneMedia:    &app.PrunePendingMedia{Tx: p.Tx, Pending: p.Posts, Files: postsstore.MediaQueue{Jobs: p.Jobs}, Clock: p.Clock},
		DeleteMedia:   &app.DeletePostMedia{Blobs: p.Blobs},
		Attach:        &app.AttachMedia{Tx: p.Tx, Posts: p.Posts, Pending: p.Posts},
		DropMedia:     &app.DropMedia{Tx: p.Tx, Posts: p.Posts, Files: postsstore.MediaQueue{Jobs: p.Jobs}},
		Get:           &app.GetPost{Posts: p.Posts},
		Update: &app.UpdatePostText{Tx: p.Tx, Search: p.Search, Posts: p.Posts, Items: p.Posts, Previews: previews,
			Media: postsstore.MediaQueue{Jobs: p.Jobs}, Changes: p.Changes, Clock: p.Clock,
			Broadcaster: p.Broadcaster, Log: p.Log},
		Delete:      &app.DeletePost{Tx: p.Tx, Removal: removal, Audiences: p.Audiences.Audiences},
		Removal:     removal,
		Like:        &app.LikePost{LikeFlow: likes, Likes: p.Posts, Clock: p.Clock},
		Unlike:      &app.UnlikePost{LikeFlow: likes, Likes: p.Posts},
		Likers:      &app.ListLikers{Posts: p.Posts, Likers: p.Posts},
		Named:       &app.MembersNamed{Members: p.Posts},
		Share:       &app.SharePost{Items: p.Posts, Shares: p.Posts},
		Feed:        &app.ListFeed{Feed: postsstore.NewPosts(p.Read.DB), Clock: p.Clock},
		Timeline:    &app.ListTimeline{Store: postsstore.NewPosts(p.Read.DB)},
		AuthorPosts: &app.ListAuthorPosts{Posts: p.Posts},
		PublicPosts: &app.ListPublicPosts{Posts: p.Posts},
		GetPublic:   &app.GetPublicPost{Posts: p.Posts},
		Audience:    &app.ListAudiencePosts{Posts: p.Posts, Audiences: p.Audiences.Audiences, Gate: p.AudienceGate},
		Fill: &app.FillLinkPreview{Posts: p.Posts, Previews: p.Previewer, Clock: p.Clock, Log: p.Log,
			Images: &media.CopyRemoteImage{Fetch: p.RemoteImages, Images: p.Images, Blobs: p.Blobs}},
		Preview: &app.PreviewLink{Limiter: p.Limiter, PerMember: p.Config.Limits.LinkPreviewPerMember, Previews: p.Previewer},
		Translate: &app.TranslatePost{Items: p.Posts, Cache: p.Posts, Translator: p.Translator,
			Clock: p.Clock},
		Demo: &app.SeedDemo{Tx: p.Tx, Search: p.Search, Posts: p.Posts, Rows: p.DemoRows, Clock: p.Clock,
			Extras: MemberSeeds(p.MemberSeeders)},
		ClearDemo:  &app.ClearDemo{Tx: p.Tx, Rows: p.DemoRows, Removal: removal, Extras: MemberClears(p.MemberSeeders)},
		Translator: p.Translator,
	}
}

// MemberSeeds are the plugins' per-member demo seeders as app.SeedDemo
// extras.
func MemberSeeds(list []plugin.MemberDemoSeeder) []app.MemberSeed {
	out := make([]app.MemberSeed, 0, len(list))
	for _, s := range list {
		out = append(out, s.Seed)
	}
	return out
}

// MemberClears are the plugins' per-member demo clearings as
// app.ClearDemo extras.
func MemberClears(list []plugin.MemberDemoSeeder) []app.MemberSeed {
	out := make([]app.MemberSeed, 0, len(list))
	for _, s := range list {
		if s.Clear != nil {
			out = append(out, s.Clear)
		}
	}
	return out
}

func newWorker(uc app.UseCases) plugin.Worker {
	return plugin.NewWorker("", &postsstore.FillLinkPreviewWorker{Fill: uc.Fill})
}

func newPruneMediaWorker(uc app.UseCases) plugin.Worker {
	return plugin.NewWorker("", &postsstore.PrunePendingMediaWorker{Prune: uc.PruneMedia})
}

func newDeleteMediaWorker(uc app.UseCases) plugin.Worker {
	return plugin.NewWorker("", &postsstore.DeletePostMediaWorker{Delete: uc.DeleteMedia})
}

// Visibility lets a member follow post:{id} only for a post they may read.
type Visibility struct{ get *app.GetPost }

var _ plugin.PostVisibility = Visibility{}

// NewVisibility is the plugin.PostVisibility of posts.
func NewVisibility(uc app.UseCases) Visibility { return Visibility{get: uc.Get} }

// CanSeePost is nil when the viewer in ctx may read post id.
func (v Visibility) CanSeePost(ctx context.Context, id uuid.UUID) error {
	_, err := v.get.Handle(ctx, domain.ViewerFrom(ctx), domain.PostID(id))
	return err
}
