package httpapi

import (
	"github.com/danielgtaylor/huma/v2"

	follows "social/features/follows/app"
	profiles "social/features/profiles/wire"
	"social/kit/plugin"
)

// NewRoutes contributes the follow operations under /api/v1.
func NewRoutes(uc follows.UseCases, links profiles.Links) plugin.Routes {
	return plugin.Routes{Register: func(api huma.API) {
		registerFollow(api, uc.Follow, uc.Unfollow)
		registerListFollows(api, uc.List, links)
	}}
}
