package httpapi

import (
	"github.com/danielgtaylor/huma/v2"

	comments "social/features/comments/app"
	"social/kit/httpkit"
	"social/kit/plugin"
)

// UseCases are the comment operations.
type UseCases struct {
	Create *comments.CreateComment
	List   *comments.ListComments
	Delete *comments.DeleteComment
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
