package httpapi

import (
	"html"
	"net/url"
	"regexp"
	"strconv"
	"strings"
)

// Where the member app shows a post, a profile and a hashtag's search:
// the links of Mastodon's entities lead there.
const (
	postPath    = "/post/"
	profilePath = "/profile/"
	searchPath  = "/search?q="
)

// tokenRe finds what a text's HTML makes a link of: web addresses,
// #hashtags and @mentions, with the same word rules as the core's
// domain.Hashtags and domain.Mentions.
var tokenRe = regexp.MustCompile(`(?i)https?://[^\s<>"']+|#[\p{L}\p{N}_]+|@[\p{L}\p{N}_]+`)

// paragraphRe parts paragraphs: a blank line.
var paragraphRe = regexp.MustCompile(`\n{2,}`)

// Content is a post's text as Mastodon's status content: HTML paragraphs
// (a blank line between them, <br> for a single line break), every
// character escaped, and links for addresses, hashtags (a search of the
// tag) and mentions (the profile), marked as Mastodon marks them so that
// apps style and open them. An empty text is "".
func (b Base) Content(text string) string {
	text = strings.ReplaceAll(strings.TrimSpace(text), "\r\n", "\n")
	if text == "" {
		return ""
	}
	var out strings.Builder
	for _, para := range paragraphRe.Split(text, -1) {
		out.WriteString("<p>")
		for i, line := range strings.Split(para, "\n") {
			if i > 0 {
				out.WriteString("<br />")
			}
			b.writeLine(&out, line)
		}
		out.WriteString("</p>")
	}
	return out.String()
}

func (b Base) writeLine(out *strings.Builder, line string) {
	last := 0
	for _, loc := range tokenRe.FindAllStringIndex(line, -1) {
		start, end := loc[0], loc[1]
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
		out.WriteString(html.EscapeString(line[last:start]))
		b.writeToken(out, tok)
		last = end
	}
	out.WriteString(html.EscapeString(line[last:]))
}

func isWordByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

func (b Base) writeToken(out *strings.Builder, tok string) {
	switch tok[0] {
	case '#':
		name := tok[1:]
		out.WriteString(`<a href="` + html.EscapeString(b.TagURL(name)) + `" class="mention hashtag" rel="tag">#<span>` +
			html.EscapeString(name) + `</span></a>`)
	case '@':
		handle := tok[1:]
		out.WriteString(`<span class="h-card"><a href="` + html.EscapeString(b.ProfileURL(handle)) +
			`" class="u-url mention">@<span>` + html.EscapeString(handle) + `</span></a></span>`)
	default:
		out.WriteString(`<a href="` + html.EscapeString(tok) + `" rel="nofollow noopener noreferrer" target="_blank">` +
			html.EscapeString(tok) + `</a>`)
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

func itoa(n int) string { return strconv.Itoa(n) }
