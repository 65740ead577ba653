package activity

import (
	"context"
	"mime"
	"path"
	"time"

	"social/core/domain"
	postwire "social/features/posts/wire"
	"social/kit/httpkit"
)

// Context is the @context of every document federation answers and
// sends, written out: ActivityStreams, security/v1 and the few Mastodon
// terms used. No context is ever fetched.
var Context = []any{
	"https://www.w3.org/ns/activitystreams",
	"https://w3id.org/security/v1",
	map[string]any{
		"manuallyApprovesFollowers": "as:manuallyApprovesFollowers",
		"sensitive":                 "as:sensitive",
		"Hashtag":                   "as:Hashtag",
		"toot":                      "http://joinmastodon.org/ns#",
		"discoverable":              "toot:discoverable",
		"indexable":                 "toot:indexable",
	},
}

// Note is a post.
type Note struct {
	Context      []any        `json:"@context,omitempty"`
	ID           string       `json:"id"`
	Type         string       `json:"type"`
	AttributedTo string       `json:"attributedTo"`
	Content      string       `json:"content"`
	To           []string     `json:"to"`
	CC           []string     `json:"cc"`
	Published    string       `json:"published"`
	Updated      string       `json:"updated,omitempty"`
	URL          string       `json:"url"`
	InReplyTo    *string      `json:"inReplyTo"`
	Sensitive    bool         `json:"sensitive"`
	Attachment   []Attachment `json:"attachment"`
	Tag          []Tag        `json:"tag"`
}

// Attachment is a post's image or video.
type Attachment struct {
	Type      string `json:"type"`
	MediaType string `json:"mediaType,omitempty"`
	URL       string `json:"url"`
	Name      string `json:"name,omitempty"`
	Width     int    `json:"width,omitempty"`
	Height    int    `json:"height,omitempty"`
}

// Tag is a hashtag or a mention of a post.
type Tag struct {
	Type string `json:"type"`
	Href string `json:"href"`
	Name string `json:"name"`
}

// Builder writes the documents of this site's members and posts. Media
// must link absolutely (WithOrigin): other servers copy the files.
type Builder struct {
	Site  Site
	Media httpkit.MediaLinks
}

// Note is a post as a Note: its text as HTML (as the Mastodon client API
// writes it), addressed by its visibility (a public post to everyone with
// the author's followers in copy, a followers-only one to the followers
// alone), its image or video, and its hashtags and mentions of the
// members named (a mention of nobody here stays text: it names no actor).
func (b Builder) Note(ctx context.Context, it domain.FeedItem, named map[string]domain.MemberCard) Note {
	author := b.Site.ActorURL(it.AuthorID.String())
	id := it.ID.String()
	to, cc := b.Addressing(it.AuthorID, it.Visibility)
	n := Note{ID: b.Site.NoteURL(id), Type: "Note", AttributedTo: author, To: to, CC: cc,
		Published: Stamp(it.CreatedAt), URL: b.Site.PostPageURL(id),
		Attachment: []Attachment{}, Tag: []Tag{}}
	body := ""
	if it.TextContent != nil {
		body = *it.TextContent
	}
	n.Content = postwire.TextHTML(body, b.Site)
	if it.MediaPath != nil {
		if u := b.Media.URL(ctx, it.MediaPath); u != nil {
			a := Attachment{Type: "Document", MediaType: MediaType(*it.MediaPath), URL: *u,
				Width: it.MediaWidth, Height: it.MediaHeight}
			if it.ImageAlt != nil {
				a.Name = *it.ImageAlt
			}
			n.Attachment = append(n.Attachment, a)
		}
	}
	for _, tag := range domain.Hashtags(body) {
		n.Tag = append(n.Tag, Tag{Type: "Hashtag", Href: b.Site.TagURL(tag), Name: "#" + tag})
	}
	for _, handle := range domain.LocalMentions(body) {
		if card, ok := named[handle]; ok {
			n.Tag = append(n.Tag, Tag{Type: "Mention", Href: b.Site.ActorURL(card.ID.String()),
				Name: "@" + b.Site.Acct(card.Handle)})
		}
	}
	return n
}

// Addressing is to and cc of a post of author with visibility v: a
// public post to everyone with the followers in copy; a followers-only
// one to the followers alone, never to everyone.
func (b Builder) Addressing(author domain.UserID, v domain.Visibility) (to, cc []string) {
	followers := b.Site.FollowersURL(author.String())
	if v == domain.VisibilityPublic {
		return []string{Public}, []string{followers}
	}
	return []string{followers}, []string{}
}

// MediaType is the type a stored file's name says, "" when it says none.
func MediaType(key string) string {
	t := mime.TypeByExtension(path.Ext(key))
	if mt, _, err := mime.ParseMediaType(t); err == nil {
		return mt
	}
	return ""
}

// Stamp is an instant as ActivityStreams writes it (xsd:dateTime, UTC).
func Stamp(t time.Time) string { return t.UTC().Format(time.RFC3339) }

// Reply is a member's comment on another server's post as a Note replying
// to it (inReplyTo the post's id there), addressed as Mastodon addresses
// a reply: on a public post to everyone, with the commenter's followers
// and the post's author in copy; on another post to its author alone.
// Its page is the post's page here.
func (b Builder) Reply(c domain.CommentItem, inReplyTo, postAuthor string) Note {
	id := c.ID.String()
	to, cc := []string{postAuthor}, []string{}
	if c.PostVisibility == domain.VisibilityPublic {
		to, cc = []string{Public}, []string{b.Site.FollowersURL(c.AuthorID.String()), postAuthor}
	}
	n := Note{ID: b.Site.CommentURL(id), Type: "Note", AttributedTo: b.Site.ActorURL(c.AuthorID.String()), To: to,
		CC: cc, Published: Stamp(c.CreatedAt), URL: b.Site.PostPageURL(c.PostID.String()), InReplyTo: &inReplyTo,
		Content: postwire.TextHTML(c.Text, b.Site), Attachment: []Attachment{}, Tag: []Tag{}}
	for _, tag := range domain.Hashtags(c.Text) {
		n.Tag = append(n.Tag, Tag{Type: "Hashtag", Href: b.Site.TagURL(tag), Name: "#" + tag})
	}
	return n
}
