package httpapi

import (
	"github.com/danielgtaylor/huma/v2"

	posts "social/features/posts/app"
	"social/kit/httpkit"
	"social/kit/plugin"
)

// NewRoutes contributes the post and feed operations under /api/v1.
func NewRoutes(uc posts.UseCases, media httpkit.MediaLinks) plugin.Routes {
	l := links{media: media}
	return plugin.Routes{Register: func(api huma.API) {
		registerCreatePost(api, uc, l)
		registerCreateMediaPost(api, uc, l)
		registerGetPost(api, uc.Get, l)
		registerUpdatePost(api, uc.Update, l)
		registerDeletePost(api, uc.Delete)
		registerLikes(api, uc.Like, uc.Unlike)
		registerSharePost(api, uc.Share)
		registerListFeed(api, uc.Feed, uc.Audience, l)
		registerListAuthorPosts(api, uc.AuthorPosts, l)
		registerLinkPreview(api, uc.Preview)
		registerTranslation(api, uc.Translate, uc.Translator)
		registerDemoData(api, uc.Demo)
		registerClearDemoData(api, uc.ClearDemo)
	}}
}
