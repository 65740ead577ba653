package httpapi

import (
	"net/url"
	"social/core/domain"
	"strconv"
	"strings"
	"sync"
)

// Where the member app shows a post, a profile and a hashtag's search:
// the links of Mastodon's entities lead there.
const (
	postPath    = "/post/"
	profilePath = "/profile/"
	searchPath  = "/search?q="
)

// Content is a post's text as Mastodon's status content: HTML paragraphs
// (a blank line between them, <br> for a single line break), every
// character escaped, and links for addresses, hashtags (a search of the
// tag) and mentions (the profile), marked as Mastodon marks them so that
// apps style and open them. An empty text is "". Written in one pass into
// one buffer: a timeline renders twenty of them per page, and the texts
// rendered last are kept (renderedTexts).
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

func (b Base) render(text string) string {
	text = strings.TrimSpace(text)
	if strings.Contains(text, "\r\n") {
		text = strings.ReplaceAll(text, "\r\n", "\n")
	}
	if text == "" {
		return ""
	}
	var out strings.Builder
	out.Grow(len(text)*2 + 32)
	out.WriteString("<p>")
	for len(text) > 0 {
		end := strings.IndexByte(text, '\n')
		if end < 0 {
			b.writeLine(&out, text)
			break
		}
		b.writeLine(&out, text[:end])
		breaks := end
		for breaks < len(text) && text[breaks] == '\n' {
			breaks++
		}
		if breaks-end > 1 {
			out.WriteString("</p><p>")
		} else {
			out.WriteString("<br />")
		}
		text = text[breaks:]
	}
	out.WriteString("</p>")
	return out.String()
}

func (b Base) writeLine(out *strings.Builder, line string) {
	last := 0
	for from := 0; ; {
		start, end := nextToken(line, from)
		if start < 0 {
			break
		}
		from = end
		tok := line[start:end]
		// A # or @ inside a word (an e-mail address, a fragment) is text.
		if (tok[0] == '#' || tok[0] == '@') && start > 0 && isWordByte(line[start-1]) {
			continue
		}
		if tok[0] != '#' && tok[0] != '@' {
			// An address does not end with the sentence's punctuation.
			trimmed := strings.TrimRight(tok, ".,;:!?)]}")
			end = start + len(trimmed)
			tok = trimmed
		}
		writeEscaped(out, line[last:start])
		b.writeToken(out, tok)
		last = end
	}
	writeEscaped(out, line[last:])
}

// writeEscaped writes s as html.EscapeString escapes it (<, >, &, ' and
// "), without making a copy of s first.
func writeEscaped(out *strings.Builder, s string) {
	for {
		i := strings.IndexAny(s, `<>&'"`)
		if i < 0 {
			out.WriteString(s)
			return
		}
		out.WriteString(s[:i])
		switch s[i] {
		case '<':
			out.WriteString("&lt;")
		case '>':
			out.WriteString("&gt;")
		case '&':
			out.WriteString("&amp;")
		case '\'':
			out.WriteString("&#39;")
		case '"':
			out.WriteString("&#34;")
		}
		s = s[i+1:]
	}
}

// nextToken finds, from byte from of line, the first thing its HTML makes
// a link of: a web address (http:// or https://, any case, then up to a
// space, <, >, " or '), a #hashtag or an @mention (letters, numbers and
// _, the word rules of the core's domain.Hashtags and domain.Mentions).
// It answers the token's bounds, or -1 when there is none. A scan by hand:
// a regular expression of the three was a sixth of a timeline's cost.
func nextToken(line string, from int) (start, end int) {
	for i := from; i < len(line); i++ {
		switch c := line[i]; c {
		case '#', '@':
			if n := domain.WordLength(line[i+1:]); n > 0 {
				return i, i + 1 + n
			}
		case 'h', 'H':
			if n := addressLength(line[i:]); n > 0 {
				return i, i + n
			}
		}
	}
	return -1, -1
}

// addressLength is the length of the web address s starts with, 0 when it
// starts with none (a scheme and at least one character more).
func addressLength(s string) int {
	var n int
	switch {
	case len(s) >= 7 && strings.EqualFold(s[:7], "http://"):
		n = 7
	case len(s) >= 8 && strings.EqualFold(s[:8], "https://"):
		n = 8
	default:
		return 0
	}
	rest := strings.IndexAny(s[n:], " \t\n\f\r<>\"'")
	if rest < 0 {
		rest = len(s) - n
	}
	if rest == 0 {
		return 0
	}
	return n + rest
}

func isWordByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

func (b Base) writeToken(out *strings.Builder, tok string) {
	switch tok[0] {
	case '#':
		name := tok[1:]
		out.WriteString(`<a href="`)
		writeEscaped(out, b.TagURL(name))
		out.WriteString(`" class="mention hashtag" rel="tag">#<span>`)
		writeEscaped(out, name)
		out.WriteString(`</span></a>`)
	case '@':
		handle := tok[1:]
		out.WriteString(`<span class="h-card"><a href="`)
		writeEscaped(out, b.ProfileURL(handle))
		out.WriteString(`" class="u-url mention">@<span>`)
		writeEscaped(out, handle)
		out.WriteString(`</span></a></span>`)
	default:
		out.WriteString(`<a href="`)
		writeEscaped(out, tok)
		out.WriteString(`" rel="nofollow noopener noreferrer" target="_blank">`)
		writeEscaped(out, tok)
		out.WriteString(`</a>`)
	}
}

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
