package linkpreview_test

import (
	"net/url"
	"strings"
	"testing"
	"unicode/utf8"

	"social/adapters/providers/linkpreview"
)

func TestParsePreviewImages(t *testing.T) {
	t.Parallel()
	base, _ := url.Parse("https://site.com.br/noticias/hoje")
	for img, want := range map[string]string{
		"capa.png":                             "https://site.com.br/noticias/capa.png",
		"//cdn.site.com.br/c.jpg":              "https://cdn.site.com.br/c.jpg",
		"http://outra.com/i.png":               "http://outra.com/i.png",
		"javascript:alert(1)":                  "",
		"data:image/png;base64,AAAA":           "",
		"file:///etc/passwd":                   "",
		"https://" + strings.Repeat("a", 3000): "",
	} {
		lp := linkpreview.ParsePreview([]byte(`<meta property="og:image" content="`+img+`">`), base)
		if lp.Image != want {
			t.Errorf("image %q -> %q, want %q", img, lp.Image, want)
		}
	}
}

func TestParsePreviewTrims(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("palavra ", 500)
	lp := linkpreview.ParsePreview([]byte(`<title>`+long+`</title><meta name="description" content="`+long+`"><meta property="og:site_name" content="`+long+`">`), nil)
	if utf8.RuneCountInString(lp.Title) > 200 || utf8.RuneCountInString(lp.Description) > 500 || utf8.RuneCountInString(lp.SiteName) > 100 {
		t.Fatalf("not trimmed: %d %d %d", len(lp.Title), len(lp.Description), len(lp.SiteName))
	}
}

func FuzzParsePreview(f *testing.F) {
	f.Add([]byte(`<html><head><title>Oi</title><meta property="og:image" content="/a.png"></head></html>`), "https://a.com/b")
	f.Add([]byte(`<meta name="og:title" content="x"><meta name=description content='y'>`), "http://a.com")
	f.Add([]byte("<title>\xff\xfe quebrado</title><meta property=og:image content=javascript:x>"), "")
	f.Add([]byte(`<svg><title>a</title></svg><title>b`), "https://a.com/")
	f.Add([]byte(""), "::")
	f.Fuzz(func(t *testing.T, body []byte, rawBase string) {
		base, err := url.Parse(rawBase)
		if err != nil {
			base = nil
		}
		lp := linkpreview.ParsePreview(body, base)
		for _, s := range []string{lp.Title, lp.Description, lp.SiteName, lp.Image} {
			if !utf8.ValidString(s) {
				t.Fatalf("invalid UTF-8: %q", s)
			}
		}
		if utf8.RuneCountInString(lp.Title) > 200 || utf8.RuneCountInString(lp.Description) > 500 || utf8.RuneCountInString(lp.SiteName) > 100 {
			t.Fatalf("too long: %+v", lp)
		}
		if lp.Image != "" && !strings.HasPrefix(lp.Image, "http://") && !strings.HasPrefix(lp.Image, "https://") {
			t.Fatalf("image %q", lp.Image)
		}
	})
}
