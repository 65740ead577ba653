package wire

import (
	"reflect"
	"regexp"
	"testing"
)

// tokenRule is the rule nextToken scans by, as a regular expression: the
// scan must find exactly what it finds.
var tokenRule = regexp.MustCompile(`(?i)https?://[^\s<>"']+|#[\p{L}\p{N}_]+|@[\p{L}\p{N}_]+`)

func FuzzNextTokenFollowsTheRule(f *testing.F) {
	for _, s := range []string{"veja https://exemplo.com/a?b=1 #Música @bia_lima!", "ana@exemplo.com a#b ##x @@y",
		"HTTPS://X.COM http:// https://\"x\" hTtP://a<b", "#١٢ #_ @ñ #日本語 x#y", "httphttp://a"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		var got [][]int
		for from := 0; ; {
			start, end := nextToken(line, from)
			if start < 0 {
				break
			}
			got = append(got, []int{start, end})
			from = end
		}
		want := tokenRule.FindAllStringIndex(line, -1)
		if !reflect.DeepEqual(got, want) && !(len(got) == 0 && len(want) == 0) {
			t.Fatalf("nextToken in %q: %v, the rule: %v", line, got, want)
		}
	})
}
