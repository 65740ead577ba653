package httpapi

import (
	"github.com/danielgtaylor/huma/v2"

	"social/kit/httpkit"
	"social/kit/plugin"
	"social/plugins/communities/app"
)

// UseCases are the plugin's operations.
type UseCases struct {
	List    *app.ListCommunities
	Create  *app.CreateCommunity
	Get     *app.GetCommunity
	Delete  *app.DeleteCommunity
	Join    *app.JoinCommunity
	Leave   *app.LeaveCommunity
	Members *app.ListMembers
	Decide  *app.DecideRequest
	Manage  *app.ManageMembers
}

// NewRoutes contributes the operations under /api/v1/communities.
func NewRoutes(uc UseCases, media httpkit.MediaLinks) plugin.Routes {
	p := present{media: media}
	return plugin.Routes{Plugin: "communities", Register: func(api huma.API) {
		registerCommunities(api, uc, p)
		registerMembers(api, uc, p)
	}}
}
