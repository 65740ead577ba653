package wire

import (
	"strings"

	"social/core/domain"
)

// HTMLLinks says where the links of a post's HTML lead: a member's profile
// and a hashtag's page, both absolute.
type HTMLLinks interface {
	ProfileURL(handle string) string
	TagURL(name string) string
}

// TextHTML is a post's (or a comment's) text as the HTML the protocols of
// other clients and servers carry (Mastodon's status content, an
// ActivityPub Note's content): paragraphs (a blank line between them, <br>
// for a single line break), every character escaped, and links for
// addresses, hashtags and mentions, marked as Mastodon marks them so that
// apps and servers style and open them. An empty text is "". Written in
// one pass into one buffer: a timeline renders twenty of them per page.
func TextHTML(text string, links HTMLLinks) string {
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
			writeLine(&out, links, text)
			break
		}
		writeLine(&out, links, text[:end])
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

func writeLine(out *strings.Builder, links HTMLLinks, line string) {
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
		writeToken(out, links, tok)
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

func writeToken(out *strings.Builder, links HTMLLinks, tok string) {
	switch tok[0] {
	case '#':
		name := tok[1:]
		out.WriteString(`<a href="`)
		writeEscaped(out, links.TagURL(name))
		out.WriteString(`" class="mention hashtag" rel="tag">#<span>`)
		writeEscaped(out, name)
		out.WriteString(`</span></a>`)
	case '@':
		handle := tok[1:]
		out.WriteString(`<span class="h-card"><a href="`)
		writeEscaped(out, links.ProfileURL(handle))
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
