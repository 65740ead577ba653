package httpapi

import (
	"net/url"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
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
// one buffer: a timeline renders twenty of them per page.
func (b Base) Content(text string) string {
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
			if n := wordLength(line[i+1:]); n > 0 {
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

// wordLength is the length in bytes of the letters, numbers and _ that s
// starts with.
func wordLength(s string) int {
	n := 0
	for n < len(s) {
		r, size := utf8.DecodeRuneInString(s[n:])
		if r != '_' && !unicode.IsLetter(r) && !unicode.IsNumber(r) {
			break
		}
		n += size
	}
	return n
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

func itoa(n int) string { return strconv.Itoa(n) }
