// Package wire is the post answer (schema Post): the same wherever a post
// is shown, in the core's feeds and in any other feature's answer that
// carries posts.
package wire

import (
	"context"
	"time"

	"github.com/google/uuid"

	"social/core/domain"
	"social/kit/httpkit"
	"social/platform/jsonwire"
)

// Author is the part of the author's profile shown with a post.
type Author struct {
	ID             string                `json:"id" format:"uuid"`
	Handle         string                `json:"handle"`
	DisplayName    string                `json:"display_name"`
	AvatarURL      *string               `json:"avatar_url" doc:"Signed link to the avatar (valid storage.url_ttl, 1 hour by default), or null."`
	AvatarVariants []httpkit.PictureCopy `json:"avatar_variants" doc:"Square copies of the avatar, smallest first, each smaller than the original (which avatar_url links): a srcset's candidates. Empty without an avatar and for one stored before copies were made."`
}

// MediaVariant is a smaller copy of a post's image.
type MediaVariant struct {
	URL    string `json:"url" doc:"Signed link to the copy, a WebP image (valid storage.url_ttl, 1 hour by default)."`
	Width  int    `json:"width" doc:"The copy's width in pixels."`
	Height int    `json:"height" doc:"The copy's height in pixels."`
}

// Post is a feed item: the post, its author and whether the viewer likes it.
type Post struct {
	ID                     string         `json:"id" format:"uuid"`
	AuthorID               string         `json:"author_id" format:"uuid"`
	TextContent            *string        `json:"text_content"`
	MediaURL               *string        `json:"media_url" doc:"Signed link to the post's image or video (valid storage.url_ttl, 1 hour by default), or null."`
	MediaWidth             *int           `json:"media_width" doc:"The image's width in pixels as a browser shows it (after its EXIF orientation), so a screen can reserve its box before it loads; null for a video or text post, and for images stored before sizes were kept."`
	MediaHeight            *int           `json:"media_height" doc:"The image's height in pixels as a browser shows it; null when media_width is."`
	MediaVariants          []MediaVariant `json:"media_variants" doc:"Smaller copies of the image, narrowest first, each narrower than the original (which media_url links, media_width wide): a srcset's candidates. Empty for a video or text post, for a small image, and for images stored before copies were made."`
	ImageAlt               *string        `json:"image_alt" doc:"The author's description of the image (its alt text), at most 1,500 characters; null when none."`
	MediaID                *string        `json:"media_id" format:"uuid" doc:"The upload the file came from when it was uploaded before the post (the Mastodon client API's POST /api/v2/media), which names the file by it; null when the file came with the post."`
	Type                   string         `json:"type" enum:"text,image,video"`
	Visibility             string         `json:"visibility" enum:"public,friends_only,members_only" doc:"members_only: written for an audience (a community), read by its members."`
	AudienceID             *string        `json:"audience_id" format:"uuid" doc:"The audience (community) of a members_only post, else null."`
	CreatedAt              time.Time      `json:"created_at"`
	UpdatedAt              time.Time      `json:"updated_at"`
	LikeCount              int            `json:"like_count"`
	CommentCount           int            `json:"comment_count"`
	ShareCount             int            `json:"share_count"`
	LinkPreviewURL         *string        `json:"link_preview_url"`
	LinkPreviewTitle       *string        `json:"link_preview_title"`
	LinkPreviewDescription *string        `json:"link_preview_description"`
	LinkPreviewImageURL    *string        `json:"link_preview_image_url" doc:"Signed link to the server's copy of the linked page's image (valid storage.url_ttl), or null: never the address the page named. Null until the preview job has copied it, or when the image could not be had."`
	LinkPreviewSiteName    *string        `json:"link_preview_site_name"`
	Author                 Author         `json:"author"`
	IsLiked                bool           `json:"is_liked"`
}

// Present is a feed item as the API answers it, its media as signed links.
func Present(ctx context.Context, media httpkit.MediaLinks, it domain.FeedItem) Post {
	lp := it.LinkPreview
	p := Post{ID: it.ID.String(), AuthorID: it.AuthorID.String(), TextContent: it.TextContent,
		MediaURL: media.URL(ctx, it.MediaPath), MediaVariants: variants(ctx, media, it.Post), ImageAlt: it.ImageAlt, MediaID: uuidString(it.MediaID), Type: string(it.Type), Visibility: string(it.Visibility), CreatedAt: it.CreatedAt, UpdatedAt: it.UpdatedAt,
		LikeCount: it.LikeCount, CommentCount: it.CommentCount, ShareCount: it.ShareCount,
		LinkPreviewURL: lp.URL, LinkPreviewTitle: lp.Title, LinkPreviewDescription: lp.Description,
		LinkPreviewImageURL: media.URL(ctx, lp.ImagePath), LinkPreviewSiteName: lp.SiteName,
		Author: Author{ID: it.Author.ID.String(), Handle: it.Author.Handle, DisplayName: it.Author.DisplayName,
			AvatarURL: media.URL(ctx, it.Author.AvatarPath), AvatarVariants: media.PictureCopies(ctx, it.Author.AvatarPath)},
		IsLiked: it.IsLiked, AudienceID: audienceID(it.Audience)}
	if it.MediaPath != nil && it.MediaWidth > 0 && it.MediaHeight > 0 {
		w, h := it.MediaWidth, it.MediaHeight
		p.MediaWidth, p.MediaHeight = &w, &h
	}
	return p
}

// variants signs the links of the image's copies: only those stored, the
// original being media_url already.
func variants(ctx context.Context, media httpkit.MediaLinks, p domain.Post) []MediaVariant {
	if p.MediaPath == nil || len(p.MediaVariants) == 0 || p.MediaWidth <= 0 {
		return []MediaVariant{}
	}
	out := make([]MediaVariant, 0, len(p.MediaVariants))
	for _, w := range p.MediaVariants {
		key := domain.ImageVariantKey(*p.MediaPath, w)
		if u := media.URL(ctx, &key); u != nil {
			out = append(out, MediaVariant{URL: *u, Width: w, Height: domain.ImageVariantHeight(p.MediaWidth, p.MediaHeight, w)})
		}
	}
	return out
}

func audienceID(a domain.AudienceID) *string {
	if a.IsZero() {
		return nil
	}
	s := a.String()
	return &s
}

// AppendJSON writes the author as encoding/json would (jsonwire).
func (a Author) AppendJSON(b []byte) ([]byte, error) {
	b = append(b, `{"id":`...)
	b = jsonwire.AppendString(b, a.ID)
	b = append(b, `,"handle":`...)
	b = jsonwire.AppendString(b, a.Handle)
	b = append(b, `,"display_name":`...)
	b = jsonwire.AppendString(b, a.DisplayName)
	b = append(b, `,"avatar_url":`...)
	b = jsonwire.AppendStringPtr(b, a.AvatarURL)
	b = append(b, `,"avatar_variants":`...)
	if a.AvatarVariants == nil {
		b = append(b, "null"...)
		return append(b, '}'), nil
	}
	b = append(b, '[')
	for i, v := range a.AvatarVariants {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"url":`...)
		b = jsonwire.AppendString(b, v.URL)
		b = append(b, `,"width":`...)
		b = jsonwire.AppendInt(b, v.Width)
		b = append(b, `,"height":`...)
		b = jsonwire.AppendInt(b, v.Height)
		b = append(b, '}')
	}
	return append(b, ']', '}'), nil
}

// AppendJSON writes the post as encoding/json would (jsonwire): the feeds
// answer fifty at a time, and reflection was a third of a page's cost.
func (p Post) AppendJSON(b []byte) ([]byte, error) {
	var err error
	b = append(b, `{"id":`...)
	b = jsonwire.AppendString(b, p.ID)
	b = append(b, `,"author_id":`...)
	b = jsonwire.AppendString(b, p.AuthorID)
	b = append(b, `,"text_content":`...)
	b = jsonwire.AppendStringPtr(b, p.TextContent)
	b = append(b, `,"media_url":`...)
	b = jsonwire.AppendStringPtr(b, p.MediaURL)
	b = append(b, `,"media_width":`...)
	b = appendIntPtr(b, p.MediaWidth)
	b = append(b, `,"media_height":`...)
	b = appendIntPtr(b, p.MediaHeight)
	b = append(b, `,"media_variants":`...)
	b = appendVariants(b, p.MediaVariants)
	b = append(b, `,"image_alt":`...)
	b = jsonwire.AppendStringPtr(b, p.ImageAlt)
	b = append(b, `,"media_id":`...)
	b = jsonwire.AppendStringPtr(b, p.MediaID)
	b = append(b, `,"type":`...)
	b = jsonwire.AppendString(b, p.Type)
	b = append(b, `,"visibility":`...)
	b = jsonwire.AppendString(b, p.Visibility)
	b = append(b, `,"audience_id":`...)
	b = jsonwire.AppendStringPtr(b, p.AudienceID)
	b = append(b, `,"created_at":`...)
	if b, err = jsonwire.AppendTime(b, p.CreatedAt); err != nil {
		return b, err
	}
	b = append(b, `,"updated_at":`...)
	if b, err = jsonwire.AppendTime(b, p.UpdatedAt); err != nil {
		return b, err
	}
	b = append(b, `,"like_count":`...)
	b = jsonwire.AppendInt(b, p.LikeCount)
	b = append(b, `,"comment_count":`...)
	b = jsonwire.AppendInt(b, p.CommentCount)
	b = append(b, `,"share_count":`...)
	b = jsonwire.AppendInt(b, p.ShareCount)
	b = append(b, `,"link_preview_url":`...)
	b = jsonwire.AppendStringPtr(b, p.LinkPreviewURL)
	b = append(b, `,"link_preview_title":`...)
	b = jsonwire.AppendStringPtr(b, p.LinkPreviewTitle)
	b = append(b, `,"link_preview_description":`...)
	b = jsonwire.AppendStringPtr(b, p.LinkPreviewDescription)
	b = append(b, `,"link_preview_image_url":`...)
	b = jsonwire.AppendStringPtr(b, p.LinkPreviewImageURL)
	b = append(b, `,"link_preview_site_name":`...)
	b = jsonwire.AppendStringPtr(b, p.LinkPreviewSiteName)
	b = append(b, `,"author":`...)
	b, _ = p.Author.AppendJSON(b)
	b = append(b, `,"is_liked":`...)
	b = jsonwire.AppendBool(b, p.IsLiked)
	return append(b, '}'), nil
}

func appendIntPtr(b []byte, n *int) []byte {
	if n == nil {
		return append(b, "null"...)
	}
	return jsonwire.AppendInt(b, *n)
}

// appendVariants writes the copies as encoding/json would: null when nil.
func appendVariants(b []byte, vs []MediaVariant) []byte {
	if vs == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, v := range vs {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"url":`...)
		b = jsonwire.AppendString(b, v.URL)
		b = append(b, `,"width":`...)
		b = jsonwire.AppendInt(b, v.Width)
		b = append(b, `,"height":`...)
		b = jsonwire.AppendInt(b, v.Height)
		b = append(b, '}')
	}
	return append(b, ']')
}

// AppendPosts writes a list of posts as encoding/json would: null when
// nil.
func AppendPosts(b []byte, posts []Post) ([]byte, error) {
	if posts == nil {
		return append(b, "null"...), nil
	}
	b = append(b, '[')
	for i, p := range posts {
		if i > 0 {
			b = append(b, ',')
		}
		var err error
		if b, err = p.AppendJSON(b); err != nil {
			return b, err
		}
	}
	return append(b, ']'), nil
}

// uuidString is id as text, nil when there is none.
func uuidString(id *uuid.UUID) *string {
	if id == nil {
		return nil
	}
	s := id.String()
	return &s
}
