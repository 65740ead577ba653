package httpapi

import (
	"fmt"
	"html"
	"regexp"
	"strings"
	"testing"
)

func TestContentEscapesAndLinks(t *testing.T) {
	b := NewBase("https://social.example/")
	cases := []struct{ text, want string }{
		{"", ""},
		{"  <b>oi</b> & tchau ", "<p>&lt;b&gt;oi&lt;/b&gt; &amp; tchau</p>"},
		{"linha 1\nlinha 2\n\nparágrafo", "<p>linha 1<br />linha 2</p><p>parágrafo</p>"},
		{"veja https://exemplo.com/a?b=1&c=2.", `<p>veja <a href="https://exemplo.com/a?b=1&amp;c=2" rel="nofollow noopener noreferrer" target="_blank">https://exemplo.com/a?b=1&amp;c=2</a>.</p>`},
		{"#Música boa", `<p><a href="https://social.example/search?q=%23m%C3%BAsica" class="mention hashtag" rel="tag">#<span>Música</span></a> boa</p>`},
		{"oi @bia_lima!", `<p>oi <span class="h-card"><a href="https://social.example/profile/bia_lima" class="u-url mention">@<span>bia_lima</span></a></span>!</p>`},
		{"mail: ana@exemplo.com e a#b", "<p>mail: ana@exemplo.com e a#b</p>"},
		{`"><script>alert(1)</script>`, "<p>&#34;&gt;&lt;script&gt;alert(1)&lt;/script&gt;</p>"},
	}
	for _, c := range cases {
		if got := b.Content(c.text); got != c.want {
			t.Errorf("Content(%q)\n got %s\nwant %s", c.text, got, c.want)
		}
	}
}

func TestIDTimeReadsAUUIDv7(t *testing.T) {
	// 0x0192f0000000 ms after the epoch: 2024-11-03T03:09:44.832Z.
	got := idTime("0192f000-0000-7000-8000-0000000000b7").UTC()
	if got.Format("2006-01-02T15:04:05.000Z") != "2024-11-03T03:09:44.832Z" {
		t.Fatalf("idTime = %s", got)
	}
	if !idTime("not-an-id").IsZero() {
		t.Fatal("a malformed ID has a time")
	}
}

// tokenRule finds what the HTML makes a link of (postwire.TextHTML's rule).
var tokenRule = regexp.MustCompile(`(?i)https?://[^\s<>"']+|#[\p{L}\p{N}_]+|@[\p{L}\p{N}_]+`)

func isWordByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

// paragraphRule parts paragraphs: a blank line.
var paragraphRule = regexp.MustCompile(`\n{2,}`)

// contentByRules is Content written the plain way: paragraphs split by a
// regular expression, the links found by tokenRule, each piece escaped by
// html.EscapeString. Content must write exactly what it writes.
func contentByRules(b Base, text string) string {
	text = strings.ReplaceAll(strings.TrimSpace(text), "\r\n", "\n")
	if text == "" {
		return ""
	}
	var out strings.Builder
	for _, para := range paragraphRule.Split(text, -1) {
		out.WriteString("<p>")
		for i, line := range strings.Split(para, "\n") {
			if i > 0 {
				out.WriteString("<br />")
			}
			last := 0
			for _, loc := range tokenRule.FindAllStringIndex(line, -1) {
				start, end := loc[0], loc[1]
				tok := line[start:end]
				if (tok[0] == '#' || tok[0] == '@') && start > 0 && isWordByte(line[start-1]) {
					continue
				}
				if tok[0] != '#' && tok[0] != '@' {
					tok = strings.TrimRight(tok, ".,;:!?)]}")
					end = start + len(tok)
				}
				out.WriteString(html.EscapeString(line[last:start]))
				switch tok[0] {
				case '#':
					out.WriteString(`<a href="` + html.EscapeString(b.TagURL(tok[1:])) + `" class="mention hashtag" rel="tag">#<span>` +
						html.EscapeString(tok[1:]) + `</span></a>`)
				case '@':
					out.WriteString(`<span class="h-card"><a href="` + html.EscapeString(b.ProfileURL(tok[1:])) +
						`" class="u-url mention">@<span>` + html.EscapeString(tok[1:]) + `</span></a></span>`)
				default:
					out.WriteString(`<a href="` + html.EscapeString(tok) + `" rel="nofollow noopener noreferrer" target="_blank">` +
						html.EscapeString(tok) + `</a>`)
				}
				last = end
			}
			out.WriteString(html.EscapeString(line[last:]))
		}
		out.WriteString("</p>")
	}
	return out.String()
}

func FuzzContentFollowsTheRules(f *testing.F) {
	for _, s := range []string{"", "  <b>oi</b> & 'tchau' \"x\" ", "linha 1\nlinha 2\n\n\nparágrafo\r\n\r\nfim",
		"veja https://exemplo.com/a?b=1&c=2. #Música @bia_lima! ana@exemplo.com", "\n\n#a\n@b\nhttp://c\n\n"} {
		f.Add(s)
	}
	b := NewBase("https://social.example/")
	f.Fuzz(func(t *testing.T, text string) {
		want := contentByRules(b, text)
		// The second time, the text's HTML is the one kept.
		for range 2 {
			if got := b.Content(text); got != want {
				t.Fatalf("Content(%q)\n got %s\nwant %s", text, got, want)
			}
		}
	})
}

// The kept HTML stays within its bytes, and a text's HTML is kept per
// server address: another address renders its own links.
func TestRenderedTextsStayWithinTheirBytes(t *testing.T) {
	c := &textCache{maxBytes: 64 * 400}
	one, other := NewBase("https://um.example"), NewBase("https://outro.example")
	for i := range 500 {
		text := fmt.Sprintf("#tag%d", i)
		c.put(one, text, renderedText{html: one.render(text)})
		if c.bytes > c.maxBytes {
			t.Fatalf("after %d texts: %d bytes kept, at most %d", i+1, c.bytes, c.maxBytes)
		}
		if r, ok := c.get(one, text); !ok || r.html != one.render(text) {
			t.Fatalf("%q just kept: %q, %v", text, r.html, ok)
		}
		if _, ok := c.get(other, text); ok {
			t.Fatalf("%q kept for %s is found for %s", text, one, other)
		}
	}
	c.put(one, strings.Repeat("x", 401), renderedText{html: "x"})
	if _, ok := c.get(one, strings.Repeat("x", 401)); ok {
		t.Fatal("a text over a 64th of the bytes was kept")
	}
}
