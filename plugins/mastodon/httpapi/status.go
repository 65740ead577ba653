package httpapi

import (
	"time"

	"social/core/domain"
	postwire "social/features/posts/wire"
)

// Status is Mastodon's Status entity: a post, or a comment (a reply whose
// in_reply_to_id is its post).
type Status struct {
	ID                 string            `json:"id"`
	URI                string            `json:"uri"`
	URL                string            `json:"url"`
	CreatedAt          time.Time         `json:"created_at"`
	EditedAt           *time.Time        `json:"edited_at"`
	Account            Account           `json:"account"`
	Content            string            `json:"content"`
	Text               *string           `json:"text"`
	Visibility         string            `json:"visibility"`
	Sensitive          bool              `json:"sensitive"`
	SpoilerText        string            `json:"spoiler_text"`
	MediaAttachments   []MediaAttachment `json:"media_attachments"`
	Application        *StatusApp        `json:"application,omitempty"`
	Mentions           []Mention         `json:"mentions"`
	Tags               []Tag             `json:"tags"`
	Emojis             []CustomEmoji     `json:"emojis"`
	ReblogsCount       int               `json:"reblogs_count"`
	FavouritesCount    int               `json:"favourites_count"`
	RepliesCount       int               `json:"replies_count"`
	InReplyToID        *string           `json:"in_reply_to_id"`
	InReplyToAccountID *string           `json:"in_reply_to_account_id"`
	Reblog             *Status           `json:"reblog"`
	Poll               *struct{}         `json:"poll"`
	Card               *PreviewCard      `json:"card"`
	Language           *string           `json:"language"`
	Favourited         bool              `json:"favourited"`
	Reblogged          bool              `json:"reblogged"`
	Muted              bool              `json:"muted"`
	Bookmarked         bool              `json:"bookmarked"`
	Pinned             bool              `json:"pinned"`
	Filtered           []struct{}        `json:"filtered"`
	QuotesCount        int               `json:"quotes_count"`
	// QuoteApproval: nobody quotes a status (no quotes here).
	QuoteApproval nobodyApproves `json:"quote_approval"`
}

// nobodyApproves is Mastodon's approval policy (of quotes, of featuring an
// account) for something the network does not have: both policy lists
// empty, and "denied" for the viewer. Its zero value is the whole answer.
type nobodyApproves struct{}

func (nobodyApproves) MarshalJSON() ([]byte, error) {
	return []byte(`{"automatic":[],"manual":[],"current_user":"denied"}`), nil
}

// StatusApp is the app a status was posted with.
type StatusApp struct {
	Name    string  `json:"name"`
	Website *string `json:"website"`
}

// Mention is a member a status names.
type Mention struct {
	ID       string `json:"id"`
	Username string `json:"username"`
	URL      string `json:"url"`
	Acct     string `json:"acct"`
}

// Tag is a hashtag a status carries. A hashtag has no ID of its own
// here: its ID is its name (lower-cased, as stored), which is what
// Mastodon's tag endpoints take in the path anyway.
type Tag struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	URL  string `json:"url"`
}

// MediaAttachment is a post's picture or video.
type MediaAttachment struct {
	ID          string     `json:"id"`
	Type        string     `json:"type"`
	URL         string     `json:"url"`
	PreviewURL  string     `json:"preview_url"`
	RemoteURL   *string    `json:"remote_url"`
	Meta        *MediaMeta `json:"meta"`
	Description *string    `json:"description"`
	Blurhash    *string    `json:"blurhash"`
}

// MediaMeta are a picture's sizes: the original and the preview.
type MediaMeta struct {
	Original *MediaSize `json:"original,omitempty"`
	Small    *MediaSize `json:"small,omitempty"`
	Focus    *struct {
		X float64 `json:"x"`
		Y float64 `json:"y"`
	} `json:"focus,omitempty"`
}

// MediaSize is one copy's size.
type MediaSize struct {
	Width  int     `json:"width"`
	Height int     `json:"height"`
	Size   string  `json:"size"`
	Aspect float64 `json:"aspect"`
}

// PreviewCard is a post's link preview.
type PreviewCard struct {
	URL          string  `json:"url"`
	Title        string  `json:"title"`
	Description  string  `json:"description"`
	Type         string  `json:"type"`
	AuthorName   string  `json:"author_name"`
	AuthorURL    string  `json:"author_url"`
	ProviderName string  `json:"provider_name"`
	ProviderURL  string  `json:"provider_url"`
	HTML         string  `json:"html"`
	Width        int     `json:"width"`
	Height       int     `json:"height"`
	Image        *string `json:"image"`
	EmbedURL     string  `json:"embed_url"`
	Blurhash     *string `json:"blurhash"`
}

// Visibilities as Mastodon names them. A followers-only post is private;
// a community's post (members_only) too: both are read by a closed circle,
// and an app must not offer to share them with the world.
const (
	VisibilityPublic  = "public"
	VisibilityPrivate = "private"
)

// Visibility maps a post's visibility to Mastodon's.
func Visibility(v string) string {
	if v == string(domain.VisibilityPublic) {
		return VisibilityPublic
	}
	return VisibilityPrivate
}

// Status is a post as Mastodon's Status. The post carries its author's
// card; mentions are filled by the caller that resolved them.
func (b Base) Status(p postwire.Post) Status {
	text := ""
	if p.TextContent != nil {
		text = *p.TextContent
	}
	link, rendered := b.PostURL(p.ID), b.rendered(text)
	s := Status{
		ID: p.ID, URI: link, URL: link, CreatedAt: p.CreatedAt.UTC(),
		Account: b.AuthorAccount(p.Author), Content: rendered.html, Visibility: Visibility(p.Visibility),
		MediaAttachments: b.attachments(p), Mentions: []Mention{}, Tags: rendered.tags, Emojis: []CustomEmoji{},
		ReblogsCount: p.ShareCount, FavouritesCount: p.LikeCount, RepliesCount: p.CommentCount,
		Card: card(p), Language: &postsLanguage, Favourited: p.IsLiked, Filtered: []struct{}{},
	}
	if p.UpdatedAt.After(p.CreatedAt) {
		edited := p.UpdatedAt.UTC()
		s.EditedAt = &edited
	}
	return s
}

// tags are the hashtags of text, as kept with its content.
func (b Base) tags(text string) []Tag { return b.rendered(text).tags }

func (b Base) tagsOf(text string) []Tag {
	names := domain.Hashtags(text)
	tags := make([]Tag, len(names))
	for i, n := range names {
		tags[i] = Tag{ID: n, Name: n, URL: b.TagURL(n)}
	}
	return tags
}

// attachments are a post's media: one at most. Its ID is the upload's the
// app named in media_ids, or the post's for a file that came with the post
// (our member app's).
func (b Base) attachments(p postwire.Post) []MediaAttachment {
	if p.MediaURL == nil {
		return []MediaAttachment{}
	}
	a := MediaAttachment{ID: attachmentID(p), Type: "unknown", URL: *p.MediaURL, PreviewURL: *p.MediaURL, Description: p.ImageAlt}
	switch p.Type {
	case "image":
		a.Type = "image"
		if len(p.MediaVariants) > 0 {
			small := p.MediaVariants[0]
			a.PreviewURL = small.URL
			a.Meta = &MediaMeta{Small: size(small.Width, small.Height)}
		}
		if p.MediaWidth != nil && p.MediaHeight != nil {
			if a.Meta == nil {
				a.Meta = &MediaMeta{}
			}
			a.Meta.Original = size(*p.MediaWidth, *p.MediaHeight)
		}
	case "video":
		a.Type = "video"
	}
	return []MediaAttachment{a}
}

func attachmentID(p postwire.Post) string {
	if p.MediaID != nil {
		return *p.MediaID
	}
	return p.ID
}

func size(w, h int) *MediaSize {
	s := &MediaSize{Width: w, Height: h}
	if w > 0 && h > 0 {
		s.Size = itoa(w) + "x" + itoa(h)
		s.Aspect = float64(w) / float64(h)
	}
	return s
}

func card(p postwire.Post) *PreviewCard {
	if p.LinkPreviewURL == nil {
		return nil
	}
	return &PreviewCard{URL: *p.LinkPreviewURL, Title: deref(p.LinkPreviewTitle), Description: deref(p.LinkPreviewDescription),
		Type: "link", ProviderName: deref(p.LinkPreviewSiteName), Image: p.LinkPreviewImageURL}
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

func ptr[T any](v T) *T { return &v }

// postsLanguage is every status's language, one value all of them point
// to (nothing writes through it).
var postsLanguage = memberLanguage
