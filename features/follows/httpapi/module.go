package httpapi

import (
	"github.com/danielgtaylor/huma/v2"
	"go.uber.org/fx"

	"social/core/ports"
	follows "social/features/follows/app"
	followsstore "social/features/follows/pgstore"
	notifications "social/features/notifications/app"
	profilesapi "social/features/profiles/httpapi"
	timelinesstore "social/features/timelines/pgstore"
	"social/kit/plugin"
)

// Module wires the follow use cases to the postgres store and contributes
// the routes. Avatars are signed with profilesapi's Links.
var Module = fx.Module("follows",
	fx.Provide(
		fx.Private,
		followsstore.NewFollows,
		newUseCases,
	),
	fx.Provide(plugin.AsRoutes(NewRoutes)),
)

// UseCases are the follow operations.
type UseCases struct {
	Follow   *follows.FollowMember
	Unfollow *follows.UnfollowMember
	List     *follows.ListFollows
}

func newUseCases(store *followsstore.Follows, tx ports.Transactor, clock ports.Clock, timelines timelinesstore.TimelineQueue,
	notices *notifications.Recorder, announcer *notifications.Announcer, access ports.AccessChanges) UseCases {
	return UseCases{
		Follow: &follows.FollowMember{Tx: tx, Follows: store, Timelines: timelines, Notices: notices,
			Announcer: announcer, Clock: clock},
		Unfollow: &follows.UnfollowMember{Tx: tx, Follows: store, Timelines: timelines, Notices: notices,
			Announcer: announcer, Access: access},
		List: &follows.ListFollows{Follows: store},
	}
}

// NewRoutes contributes the follow operations under /api/v1.
func NewRoutes(uc UseCases, links profilesapi.Links) plugin.Routes {
	return plugin.Routes{Register: func(api huma.API) {
		registerFollow(api, uc.Follow, uc.Unfollow)
		registerListFollows(api, uc.List, links)
	}}
}
