package linkpreview

import (
	"bytes"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"

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
	og := &openGraph{}
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
				og.meta(attrs["property"], attrs["content"])
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

func build(og *openGraph, title, description string, base *url.URL) ports.LinkPreview {
	p := ports.LinkPreview{
		Title:       clean(firstNonEmpty(og.title, title), maxTitle),
		Description: clean(firstNonEmpty(og.description, description), maxDescription),
		SiteName:    clean(og.siteName, maxSiteName),
	}
	for _, img := range og.images {
		if abs := absoluteImage(firstNonEmpty(img.url, img.secureURL), base); abs != "" {
			p.Image = abs
			break
		}
	}
	return p
}

// openGraph is what a preview reads of a page's Open Graph tags: the last
// og:title, og:description and og:site_name, and the images in order.
type openGraph struct {
	title, description, siteName string
	images                       []*ogImage
}

// ogImage is one og:image with its structured properties. A property
// (og:image:url, :secure_url, :type, :width, :height) seen before any
// og:image opens a draft image that the next og:image completes.
type ogImage struct {
	url, secureURL string
	draft          bool
}

// meta takes one <meta property=... content=...>.
func (og *openGraph) meta(property, content string) {
	switch property {
	case "og:title":
		og.title = content
	case "og:description":
		og.description = content
	case "og:site_name":
		og.siteName = content
	case "og:image":
		if n := len(og.images); n > 0 && og.images[n-1].draft {
			og.images[n-1].url, og.images[n-1].draft = content, false
		} else {
			og.images = append(og.images, &ogImage{url: content})
		}
	case "og:image:url":
		og.lastImage().url = content
	case "og:image:secure_url":
		og.lastImage().secureURL = content
	case "og:image:type":
		og.lastImage()
	case "og:image:width", "og:image:height":
		if _, err := strconv.ParseUint(content, 10, 64); err == nil {
			og.lastImage()
		}
	}
}

// lastImage is the image the structured properties apply to, a draft one
// when no og:image came yet.
func (og *openGraph) lastImage() *ogImage {
	if len(og.images) == 0 {
		og.images = append(og.images, &ogImage{draft: true})
	}
	return og.images[len(og.images)-1]
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
