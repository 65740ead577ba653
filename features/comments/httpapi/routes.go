package httpapi

import (
	"github.com/danielgtaylor/huma/v2"

	comments "social/features/comments/app"
	"social/kit/httpkit"
	"social/kit/plugin"
)

// NewRoutes contributes the comment operations under /api/v1.
func NewRoutes(uc comments.UseCases, media httpkit.MediaLinks) plugin.Routes {
	l := links{media: media}
	return plugin.Routes{Register: func(api huma.API) {
		registerCreateComment(api, uc.Create, l)
		registerListComments(api, uc.List, l)
		registerDeleteComment(api, uc.Delete)
	}}
}
