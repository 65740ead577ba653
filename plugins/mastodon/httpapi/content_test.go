package httpapi

import "testing"

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
