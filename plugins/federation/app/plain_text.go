package app

import (
	"strings"

	"golang.org/x/net/html"
)

// PlainText is the text of an HTML fragment as another server sends a
// Note's content or an actor's summary: tags dropped (their words kept),
// a link's address kept as text when its words do not already show it,
// paragraphs and line breaks as line breaks, entities decoded. Scripts
// and styles lose their contents. What comes out is shown as text, never
// as HTML, so nothing in it can run.
func PlainText(fragment string) string {
	z := html.NewTokenizer(strings.NewReader(fragment))
	var b strings.Builder
	skip := 0 // inside script or style
	var href []string
	var linkStart []int
	for {
		switch z.Next() {
		case html.ErrorToken:
			return strings.TrimSpace(b.String())
		case html.TextToken:
			if skip == 0 {
				b.Write(z.Text())
			}
		case html.StartTagToken, html.SelfClosingTagToken:
			name, hasAttr := z.TagName()
			switch string(name) {
			case "script", "style":
				skip++
			case "br":
				b.WriteByte('\n')
			case "p", "div", "li", "blockquote":
				if b.Len() > 0 && !strings.HasSuffix(b.String(), "\n") {
					b.WriteString("\n\n")
				}
			case "a":
				link := ""
				for hasAttr {
					var k, v []byte
					k, v, hasAttr = z.TagAttr()
					if string(k) == "href" {
						link = string(v)
					}
				}
				href, linkStart = append(href, link), append(linkStart, b.Len())
			}
		case html.EndTagToken:
			name, _ := z.TagName()
			switch string(name) {
			case "script", "style":
				if skip > 0 {
					skip--
				}
			case "p", "div", "li", "blockquote":
				b.WriteString("\n\n")
			case "a":
				if n := len(href); n > 0 {
					link, start := href[n-1], linkStart[n-1]
					href, linkStart = href[:n-1], linkStart[:n-1]
					words := b.String()[start:]
					if (strings.HasPrefix(link, "https://") || strings.HasPrefix(link, "http://")) &&
						!strings.HasPrefix(words, "@") && !strings.HasPrefix(words, "#") &&
						!strings.Contains(link, strings.TrimSpace(words)) {
						b.WriteString(" (" + link + ")")
					}
				}
			}
		}
	}
}
