// Package follows is the follows feature: following members and the lists of followers and followees.
// Its use cases are in app/, its store and jobs in pgstore/, its routes in
// httpapi/; this file wires them.
package follows

import (
	"go.uber.org/fx"

	"social/core/ports"
	"social/features/follows/app"
	"social/features/follows/httpapi"
	followsstore "social/features/follows/pgstore"
	notifications "social/features/notifications/app"
	timelines "social/features/timelines/app"
	"social/kit/plugin"
)

// Module wires the follow use cases to the postgres store and contributes
// the routes. Avatars are signed with profilesapi's Links.
var Module = fx.Module("follows",
	fx.Provide(
		fx.Private,
		followsstore.NewFollows,
	),
	// The use cases, for the routes here and the other drivers of the app
	// (the Mastodon client API).
	fx.Provide(newUseCases),
	fx.Provide(plugin.AsRoutes(httpapi.NewRoutes), plugin.AsDemoSeeder(newDemoSeeder)),
	// The timelines' queue as a port of its own, which a demo seeding
	// replaces (its follows come before any post: nothing to backfill).
	fx.Provide(func(q timelines.Queue) app.TimelineQueue { return q }),
)

func newUseCases(store *followsstore.Follows, tx ports.Transactor, clock ports.Clock, timelines app.TimelineQueue,
	notices *notifications.Recorder, announcer *notifications.Announcer, access ports.AccessChanges,
	changes ports.Changes) app.UseCases {
	return app.UseCases{
		Follow: &app.FollowMember{Tx: tx, Follows: store, Timelines: timelines, Notices: notices,
			Announcer: announcer, Changes: changes, Clock: clock},
		Unfollow: &app.UnfollowMember{Tx: tx, Follows: store, Timelines: timelines, Notices: notices,
			Announcer: announcer, Access: access, Changes: changes},
		List: &app.ListFollows{Follows: store},
	}
}
