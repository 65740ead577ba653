package httpapi

import (
	"github.com/danielgtaylor/huma/v2"

	"social/core/ports"
	posts "social/features/posts/app"
	"social/kit/httpkit"
	"social/kit/plugin"
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
	// Audience lists an audience's posts (the feed with audience_id).
	Audience *posts.ListAudiencePosts
	Fill     *posts.FillLinkPreview
	// Preview is the composer's link preview.
	Preview   *posts.PreviewLink
	Translate *posts.TranslatePost
	Demo      *posts.SeedDemo
	ClearDemo *posts.ClearDemo
	// Translator answers the translation capabilities.
	Translator ports.Translator
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
		registerListFeed(api, uc.Feed, uc.Audience, l)
		registerListAuthorPosts(api, uc.AuthorPosts, l)
		registerLinkPreview(api, uc.Preview)
		registerTranslation(api, uc.Translate, uc.Translator)
		registerDemoData(api, uc.Demo)
		registerClearDemoData(api, uc.ClearDemo)
	}}
}
