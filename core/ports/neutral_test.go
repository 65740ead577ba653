package ports_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"
)

// pluginWords are the shipped plugins' concepts. The core speaks of what a
// plugin contributes only through neutral contracts (a search kind, an
// audience, a link's owner, a topic prefix), so none of them appears in its
// code or comments.
var pluginWords = map[string]bool{
	"community": true, "communities": true,
	"room": true, "rooms": true,
	"story": true, "stories": true,
}

// words splits text into lower-case words, cutting identifiers at their
// capitals: "SearchCommunity" is "search" and "community", "StoryID" is
// "story" and "id", "history" stays one word.
func words(text string) []string {
	var out []string
	var w []rune
	flush := func() {
		if len(w) > 0 {
			out = append(out, strings.ToLower(string(w)))
			w = w[:0]
		}
	}
	rs := []rune(text)
	for i, r := range rs {
		switch {
		case !unicode.IsLetter(r):
			flush()
		case unicode.IsUpper(r) && i > 0 && (unicode.IsLower(rs[i-1]) ||
			(i+1 < len(rs) && unicode.IsLower(rs[i+1]) && unicode.IsUpper(rs[i-1]))):
			flush()
			w = append(w, r)
		default:
			w = append(w, r)
		}
	}
	flush()
	return out
}

func TestCoreNamesNoPluginConcept(t *testing.T) {
	if got := strings.Join(words("SearchCommunity StoryID history HTTPRoom"), " "); got != "search community story id history http room" {
		t.Fatalf("words = %q", got)
	}
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for n, line := range strings.Split(string(src), "\n") {
			for _, w := range words(line) {
				if pluginWords[w] {
					t.Errorf("core/%s:%d names %q: %s", filepath.ToSlash(path[3:]), n+1, w, strings.TrimSpace(line))
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
