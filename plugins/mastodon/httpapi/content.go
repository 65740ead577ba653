package httpapi

import (
	"net/url"
	"strconv"
	"strings"
	"sync"

	postwire "social/features/posts/wire"
)

// Where the member app shows a post, a profile and a hashtag's search:
// the links of Mastodon's entities lead there.
const (
	postPath    = "/post/"
	profilePath = "/profile/"
	searchPath  = "/search?q="
)

// Content is a post's text as Mastodon's status content (postwire.TextHTML:
// hashtags link to a search of the tag, mentions to the profile). A
// timeline renders twenty of them per page, so the texts rendered last are
// kept (renderedTexts).
func (b Base) Content(text string) string { return b.rendered(text).html }

// renderedText is what a text makes of a status: its content and its tags.
type renderedText struct {
	html string
	// tags are shared by every status of the text: read, never changed.
	tags []Tag
}

func (b Base) rendered(text string) renderedText {
	if r, ok := renderedTexts.get(b, text); ok {
		return r
	}
	r := renderedText{html: b.render(text), tags: b.tagsOf(text)}
	renderedTexts.put(b, text, r)
	return r
}

// render is the text's HTML with the links of this server.
func (b Base) render(text string) string { return postwire.TextHTML(text, b) }

// PostURL is where the member app shows post or comment id's post.
func (b Base) PostURL(id string) string { return b.Link(postPath + url.PathEscape(id)) }

// ProfileURL is where the member app shows handle's profile.
func (b Base) ProfileURL(handle string) string { return b.Link(profilePath + url.PathEscape(handle)) }

// TagURL is the member app's search of the hashtag name.
func (b Base) TagURL(name string) string {
	return b.Link(searchPath + url.QueryEscape("#"+strings.ToLower(name)))
}

// IconURL is the site's icon, the avatar and header of a member without
// pictures (Mastodon's apps expect a picture's address).
func (b Base) IconURL() string { return b.Link("/icons/icon-192.png") }

// largeIconPath is the site's icon at twice IconURL's size.
const largeIconPath = "/icons/icon-512.png"

// textCache keeps the texts rendered last, by server address and text,
// the only things their HTML and tags depend on: the posts of a home
// timeline are read again at each refresh and by each follower of their
// authors. It holds at most about maxBytes, and starts over when full.
type textCache struct {
	mu       sync.RWMutex
	rendered map[textKey]renderedText
	bytes    int
	maxBytes int
}

type textKey struct {
	base Base
	text string
}

// renderedTexts is the server's cache of rendered texts: a few megabytes
// hold every text of a few thousand pages.
var renderedTexts = &textCache{maxBytes: 4 << 20}

func (c *textCache) get(b Base, text string) (renderedText, bool) {
	c.mu.RLock()
	r, ok := c.rendered[textKey{b, text}]
	c.mu.RUnlock()
	return r, ok
}

func (c *textCache) put(b Base, text string, r renderedText) {
	size := len(b) + len(text) + len(r.html)
	for _, t := range r.tags {
		size += len(t.Name) + len(t.URL)
	}
	if size > c.maxBytes/64 {
		return // a long text is rare: its place would go to many short ones
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.rendered == nil || c.bytes+size > c.maxBytes {
		c.rendered, c.bytes = map[textKey]renderedText{}, 0
	}
	if _, ok := c.rendered[textKey{b, text}]; !ok {
		c.rendered[textKey{b, text}] = r
		c.bytes += size
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
