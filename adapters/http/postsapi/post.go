package postsapi

import (
	"context"
	"log/slog"
	"time"

	"social/core/app/posts"
	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
)

var bearer = []map[string][]string{{"bearer": {}}}

// linkTTL is how long a media link handed out (avatar, post file) stays valid.
const linkTTL = time.Hour

// Author is the part of the author's profile shown with a post.
type Author struct {
	ID          string  `json:"id" format:"uuid"`
	Handle      string  `json:"handle"`
	DisplayName string  `json:"display_name"`
	AvatarURL   *string `json:"avatar_url" doc:"Signed link to the avatar (valid 1 hour), or null."`
}

// Post is a feed item: the post, its author and whether the viewer likes it.
type Post struct {
	ID                     string    `json:"id" format:"uuid"`
	AuthorID               string    `json:"author_id" format:"uuid"`
	TextContent            *string   `json:"text_content"`
	MediaURL               *string   `json:"media_url" doc:"Signed link to the post's image or video (valid 1 hour), or null."`
	Type                   string    `json:"type" enum:"text,image,video"`
	Visibility             string    `json:"visibility" enum:"public,friends_only"`
	CreatedAt              time.Time `json:"created_at"`
	UpdatedAt              time.Time `json:"updated_at"`
	LikeCount              int       `json:"like_count"`
	CommentCount           int       `json:"comment_count"`
	ShareCount             int       `json:"share_count"`
	LinkPreviewURL         *string   `json:"link_preview_url"`
	LinkPreviewTitle       *string   `json:"link_preview_title"`
	LinkPreviewDescription *string   `json:"link_preview_description"`
	LinkPreviewImageURL    *string   `json:"link_preview_image_url"`
	LinkPreviewSiteName    *string   `json:"link_preview_site_name"`
	Author                 Author    `json:"author"`
	IsLiked                bool      `json:"is_liked"`
}

type links struct {
	blobs ports.BlobStore
	log   *slog.Logger
}

func (l links) url(ctx context.Context, key *string) *string {
	if key == nil || l.blobs == nil {
		return nil
	}
	u, err := l.blobs.SignedURL(ctx, *key, linkTTL)
	if err != nil {
		l.log.WarnContext(ctx, "sign media link", "key", *key, "err", err)
		return nil
	}
	return &u
}

func (l links) post(ctx context.Context, it domain.FeedItem) Post {
	lp := it.LinkPreview
	return Post{ID: it.ID.String(), AuthorID: it.AuthorID.String(), TextContent: it.TextContent,
		MediaURL: l.url(ctx, it.MediaPath), Type: string(it.Type), Visibility: string(it.Visibility), CreatedAt: it.CreatedAt, UpdatedAt: it.UpdatedAt,
		LikeCount: it.LikeCount, CommentCount: it.CommentCount, ShareCount: it.ShareCount,
		LinkPreviewURL: lp.URL, LinkPreviewTitle: lp.Title, LinkPreviewDescription: lp.Description,
		LinkPreviewImageURL: lp.ImageURL, LinkPreviewSiteName: lp.SiteName,
		Author: Author{ID: it.Author.ID.String(), Handle: it.Author.Handle, DisplayName: it.Author.DisplayName,
			AvatarURL: l.url(ctx, it.Author.AvatarPath)},
		IsLiked: it.IsLiked}
}

// postPath is the {id} of a post route; a malformed ID is not found.
type postPath struct {
	ID string `path:"id" doc:"The post's ID."`
}

func (p postPath) id() (domain.PostID, error) {
	id, err := domain.ParsePostID(p.ID)
	if err != nil {
		return domain.PostID{}, errs.NotFound(posts.CodeNotFound, posts.MsgNotFound)
	}
	return id, nil
}
