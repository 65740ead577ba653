// Package communities is the communities plugin: communities with one
// membership model (status pending|approved|rejected, role
// owner|admin|member), posts for their approved members (core posts whose
// audience is the community: the plugin answers ports.Audiences), the
// realtime topic community:{id}, search documents of kind community, two
// demo communities per member's demo data, and the admin resource
// "communities".
package communities

import (
	"context"
	"log/slog"

	"github.com/google/uuid"

	"go.uber.org/fx"

	"social/core/ports"
	posts "social/features/posts/app"
	"social/kit/demo"
	"social/kit/plugin"
	"social/platform/pgkit"
	"social/plugins/communities/app"
	"social/plugins/communities/httpapi"
	"social/plugins/communities/migrations"
	"social/plugins/communities/pgstore"
)

// Name prefixes the plugin's routes, operations and config switch.
const Name = "communities"

// Plugin is the entry of plugins/all.go: the use cases wired to the store
// and everything the plugin contributes. The migrations, the search source
// and the demo seeder need only the database, so that `social migrate`,
// `reindex` and `seed-demo` get them too.
var Plugin = plugin.New(Name, migrations.Files, nil,
	plugin.Private(
		pgstore.New,
		newUseCases,
	),
	// The core asks who reads, writes and moderates a community's posts,
	// and answers a community named on its posts routes through the gate.
	fx.Provide(fx.Annotate(newAudience, fx.As(new(ports.Audiences)))),
	fx.Provide(fx.Annotate(newPostGate, fx.As(new(posts.AudienceGate)))),
	fx.Provide(
		plugin.AsRoutes(httpapi.NewRoutes),
		plugin.AsMemberData(newMemberData),
		plugin.AsTopic(newTopic),
		plugin.AsAdminResource(httpapi.NewAdminResource),
		plugin.AsSearchSource(newSearchSource),
		plugin.AsWorker(newDeletePictureWorker),
		plugin.AsMemberDemoSeeder(newMemberDemoSeeder),
		plugin.AsDemoSeeder(newDemoSeeder),
	),
)

type useCaseParams struct {
	fx.In
	Store  *pgstore.Store
	Tx     ports.Transactor
	Jobs   *pgkit.JobInserter
	Media  posts.MediaQueue
	Search ports.SearchIndexQueue
	Clock  ports.Clock
	Access ports.AccessChanges
}

func newAudience(store *pgstore.Store) *app.Audience {
	return &app.Audience{Store: store, Members: store}
}

func newPostGate(store *pgstore.Store, broadcaster ports.Broadcaster, log *slog.Logger) *app.PostGate {
	return &app.PostGate{Store: store, Broadcaster: broadcaster, Log: log}
}

func newUseCases(p useCaseParams) httpapi.UseCases {
	m := &app.Membership{Tx: p.Tx, Store: p.Store, Members: p.Store, Search: p.Search, Clock: p.Clock, Access: p.Access}
	return httpapi.UseCases{
		List:   &app.ListCommunities{Store: p.Store},
		Create: &app.CreateCommunity{Tx: p.Tx, Store: p.Store, Members: p.Store, Search: p.Search, Clock: p.Clock},
		Get:    &app.GetCommunity{Store: p.Store},
		Delete: &app.DeleteCommunity{Tx: p.Tx, Store: p.Store, Media: p.Media, Pictures: PictureQueue{Jobs: p.Jobs},
			Search: p.Search, Access: p.Access},
		Join:    &app.JoinCommunity{Membership: m},
		Leave:   &app.LeaveCommunity{Membership: m},
		Members: &app.ListMembers{Store: p.Store, Members: p.Store},
		Decide:  &app.DecideRequest{Membership: m},
		Manage:  &app.ManageMembers{Membership: m},
	}
}

func newTopic(store *pgstore.Store) plugin.Topic {
	uc := &app.AuthorizeTopic{Store: store}
	return plugin.Topic{Plugin: Name, Prefix: app.TopicPrefix, Authorize: uc.Handle}
}

func newSearchSource(store *pgstore.Store) plugin.SearchSource {
	return plugin.SearchSource{Plugin: Name, Kind: app.SearchKind,
		Load: store.SearchDoc, Count: store.CountSearchDocs, List: store.ListSearchDocs}
}

type memberDemoParams struct {
	fx.In
	Tx     ports.Transactor
	Jobs   *pgkit.JobInserter
	Store  *pgstore.Store
	Search ports.SearchIndexQueue
	Clock  ports.Clock
	Media  posts.MediaQueue
	Rows   plugin.DemoRows
	Access ports.AccessChanges `optional:"true"`
	// Without media storage the demo communities keep their letters.
	Blobs  ports.BlobStore     `optional:"true"`
	Images ports.ImageCleaner  `optional:"true"`
	Copies ports.ImageVariants `optional:"true"`
}

// memberDemoThemes are the pictures of app.DemoCommunities, in order.
var memberDemoThemes = []demo.CommunityTheme{demo.ThemeCoffee, demo.ThemeRunning}

// newMemberDemoSeeder adds a member's two demo communities inside the
// transaction of the core's demo posts, and deletes them in the core's
// clearing.
func newMemberDemoSeeder(p memberDemoParams) plugin.MemberDemoSeeder {
	seed := &app.SeedDemo{Tx: p.Tx, Store: p.Store, Members: p.Store, Search: p.Search, Clock: p.Clock, Rows: p.Rows}
	if p.Blobs != nil && p.Images != nil {
		pictures := &app.SetPicture{Store: p.Store, Blobs: p.Blobs, Images: p.Images, Copies: p.Copies, Clock: p.Clock}
		seed.Picture = func(ctx context.Context, id uuid.UUID, i int) error {
			return pictures.Handle(ctx, id, demo.CommunityPicture(memberDemoThemes[i%len(memberDemoThemes)], 100+i))
		}
	}
	clear := &app.ClearDemo{Store: p.Store, Media: p.Media, Pictures: PictureQueue{Jobs: p.Jobs}, Search: p.Search,
		Rows: p.Rows, Access: p.Access}
	return plugin.MemberDemoSeeder{Plugin: Name, Seed: seed.Handle, Clear: clear.Handle}
}

// newMemberData contributes the plugin's part of a member's data: what
// the store exports and erases (ports.MemberData), the communities a
// deleted member owned handed over or deleted at once (ports.MemberHider),
// their search documents, files and subscriptions following.
func newMemberData(store *pgstore.Store, search ports.SearchIndexQueue, media posts.MediaQueue, access ports.AccessChanges) plugin.MemberData {
	return plugin.MemberData{Plugin: Name, Name: Name, Data: pgstore.NewMemberData(store, search, media, access)}
}
