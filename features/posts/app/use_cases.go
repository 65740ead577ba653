package app

import (
	"social/core/ports"
)

// UseCases are the feature's use cases as its routes, its jobs and the
// other drivers of the app (the Mastodon client API) take them.
type UseCases struct {
	Create *CreatePost
	// CreateMedia publishes a post with an image or a video.
	CreateMedia *CreateMediaPost
	// DeleteMedia removes a deleted post's file (the job posts.delete_media).
	DeleteMedia *DeletePostMedia
	Get         *GetPost
	// Upload keeps a file for a post to come (Mastodon's media first);
	// GetMedia and DescribeMedia read and describe one; PruneMedia
	// deletes those no post took (the job posts.prune_pending_media).
	Upload        *UploadMedia
	GetMedia      *GetMedia
	DescribeMedia *DescribeMedia
	PruneMedia    *PrunePendingMedia
	// Attach gives a post without a file one of its author's uploads, and
	// DropMedia takes a post's file away (a remote post's copied media).
	Attach    *AttachMedia
	DropMedia *DropMedia
	Update    *UpdatePostText
	Delete    *DeletePost
	// Removal is the delete path moderators' removals share.
	Removal Removal
	Like    *LikePost
	// Likers lists who liked a post.
	Likers *ListLikers
	// Named resolves the @handles of texts to members' cards.
	Named  *MembersNamed
	Unlike *UnlikePost
	Share  *SharePost
	Feed   *ListFeed
	// Timeline reads the public feed, the 'Seguindo' timeline or a
	// hashtag's posts by post IDs, both ways (the Mastodon client API).
	Timeline    *ListTimeline
	AuthorPosts *ListAuthorPosts
	// PublicPosts and GetPublic read what a member published to everyone,
	// for readers who are not members (the servers of the social web).
	PublicPosts *ListPublicPosts
	GetPublic   *GetPublicPost
	// Audience lists an audience's posts (the feed with audience_id).
	Audience *ListAudiencePosts
	Fill     *FillLinkPreview
	// Preview is the composer's link preview.
	Preview   *PreviewLink
	Translate *TranslatePost
	Demo      *SeedDemo
	ClearDemo *ClearDemo
	// Translator answers the translation capabilities.
	Translator ports.Translator
}

// Readers read posts and resolve the handles they name, straight from the
// store. A change listener takes them rather than UseCases: the use cases
// are built with the listeners (and with the realtime broadcaster, which a
// command's graph does not have).
type Readers struct {
	Get   *GetPost
	Named *MembersNamed
}
