package linkpreview_test

import (
	"net/url"
	"testing"

	"social/adapters/providers/linkpreview"
)

// The Open Graph tags a preview reads, with the structured image
// properties in the orders pages write them.
func TestParsePreviewOpenGraph(t *testing.T) {
	t.Parallel()
	base, _ := url.Parse("https://site.com.br/p")
	for _, c := range []struct {
		name, html                      string
		title, description, site, image string
	}{
		{name: "og wins over title and description",
			html:  `<title>Título</title><meta name="description" content="Desc"><meta property="og:title" content="OG"><meta property="og:description" content="OG desc"><meta property="og:site_name" content="Site">`,
			title: "OG", description: "OG desc", site: "Site"},
		{name: "last og:title wins",
			html:  `<meta property="og:title" content="um"><meta property="og:title" content="dois">`,
			title: "dois"},
		{name: "empty og falls back to the page's",
			html:  `<title>Título</title><meta property="og:title" content="  ">`,
			title: "Título"},
		{name: "name= instead of property=, any case",
			html:  `<meta name="OG:Title" content="por nome"><meta name="og:image" content="/a.png">`,
			title: "por nome", image: "https://site.com.br/a.png"},
		{name: "first usable image",
			html:  `<meta property="og:image" content="javascript:x"><meta property="og:image" content="/b.png">`,
			image: "https://site.com.br/b.png"},
		{name: "secure_url when the image has no url",
			html:  `<meta property="og:image:secure_url" content="https://cdn.com/s.png">`,
			image: "https://cdn.com/s.png"},
		{name: "og:image:url sets the last image",
			html:  `<meta property="og:image" content="/a.png"><meta property="og:image:url" content="/c.png">`,
			image: "https://site.com.br/c.png"},
		{name: "a property before og:image opens the image og:image completes",
			html:  `<meta property="og:image:width" content="1200"><meta property="og:image" content="/d.png"><meta property="og:image" content="/e.png">`,
			image: "https://site.com.br/d.png"},
		{name: "a bad width opens nothing; secure_url then og:image are one image, its url first",
			html:  `<meta property="og:image:width" content="largo"><meta property="og:image:secure_url" content="https://cdn.com/f.png"><meta property="og:image" content="/g.png">`,
			image: "https://site.com.br/g.png"},
		{name: "an image's url is chosen over its secure_url, even when unusable",
			html:  `<meta property="og:image:width" content="largo"><meta property="og:image" content="javascript:x"><meta property="og:image:secure_url" content="https://cdn.com/h.png">`,
			image: ""},
	} {
		lp := linkpreview.ParsePreview([]byte(c.html), base)
		if lp.Title != c.title || lp.Description != c.description || lp.SiteName != c.site || lp.Image != c.image {
			t.Errorf("%s: got title %q description %q site %q image %q", c.name, lp.Title, lp.Description, lp.SiteName, lp.Image)
		}
	}
}
