package linkpreview

import (
	"bytes"
	"net/url"
	"strings"
	"unicode/utf8"

	"github.com/dyatlov/go-opengraph/opengraph"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"social/core/ports"
)

// Field limits, in runes (Image in bytes): enough for any real card, small
// enough that a hostile page cannot bloat a post row.
const (
	maxTitle       = 200
	maxDescription = 500
	maxSiteName    = 100
	maxImageURL    = 2048
)

// ParsePreview reads a page's preview from its HTML. base is the page's
// final URL, against which a relative og:image is resolved. The URL field of
// the result is left empty for the caller.
func ParsePreview(body []byte, base *url.URL) ports.LinkPreview {
	og := opengraph.NewOpenGraph()
	var title, description string
	inTitle, titleDone := false, false
	z := html.NewTokenizer(bytes.NewReader(body))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return build(og, title, description, base)
		case html.StartTagToken, html.SelfClosingTagToken:
			name, hasAttr := z.TagName()
			switch atom.Lookup(name) {
			case atom.Title:
				inTitle = !titleDone
			case atom.Meta:
				attrs := map[string]string{}
				for hasAttr {
					var k, v []byte
					k, v, hasAttr = z.TagAttr()
					attrs[strings.ToLower(string(k))] = string(v)
				}
				name := strings.ToLower(attrs["name"])
				if attrs["property"] == "" && strings.HasPrefix(name, "og:") {
					attrs["property"] = name // a common mistake pages make
				}
				attrs["property"] = strings.ToLower(attrs["property"])
				og.ProcessMeta(attrs)
				if name == "description" && description == "" {
					description = attrs["content"]
				}
			}
		case html.TextToken:
			if inTitle {
				title += string(z.Text())
			}
		case html.EndTagToken:
			if name, _ := z.TagName(); atom.Lookup(name) == atom.Title && inTitle {
				inTitle, titleDone = false, true
			}
		}
	}
}

func build(og *opengraph.OpenGraph, title, description string, base *url.URL) ports.LinkPreview {
	p := ports.LinkPreview{
		Title:       clean(firstNonEmpty(og.Title, title), maxTitle),
		Description: clean(firstNonEmpty(og.Description, description), maxDescription),
		SiteName:    clean(og.SiteName, maxSiteName),
	}
	for _, img := range og.Images {
		if abs := absoluteImage(firstNonEmpty(img.URL, img.SecureURL), base); abs != "" {
			p.Image = abs
			break
		}
	}
	return p
}

// absoluteImage resolves ref against base and keeps it only when it is an
// http(s) URL of sane length (no javascript:, data:, file:).
func absoluteImage(ref string, base *url.URL) string {
	ref = strings.TrimSpace(ref)
	if ref == "" || len(ref) > maxImageURL {
		return ""
	}
	u, err := url.Parse(ref)
	if err != nil {
		return ""
	}
	if base != nil {
		u = base.ResolveReference(u)
	}
	if (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil {
		return ""
	}
	s := u.String()
	if len(s) > maxImageURL || !utf8.ValidString(s) {
		return ""
	}
	return s
}

// clean makes text safe to store and show: valid UTF-8, whitespace
// collapsed, at most limit runes.
func clean(s string, limit int) string {
	s = strings.Join(strings.Fields(strings.ToValidUTF8(s, "")), " ")
	if utf8.RuneCountInString(s) <= limit {
		return s
	}
	r := []rune(s)
	return strings.TrimSpace(string(r[:limit-1])) + "…"
}

func firstNonEmpty(vals ...string) string {
	for _, v := range vals {
		if strings.TrimSpace(v) != "" {
			return v
		}
	}
	return ""
}
