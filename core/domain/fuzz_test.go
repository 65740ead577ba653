package domain_test

import (
	"bytes"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"

	"social/core/domain"
)

// A handle that NormalHandle accepts is already normal, lowercase and
// passes the handle rule or is a remote account's user@domain; one it
// refuses fails that rule.
func FuzzNormalHandle(f *testing.F) {
	for _, s := range []string{"ana", " @Ana_Souza ", "@@x", "joão", "a b", "", strings.Repeat("x", 40), "ANA\t", "_"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		h, ok := domain.NormalHandle(in)
		if !ok {
			if domain.HandleProblem(h) == "" {
				t.Fatalf("%q refused, yet %q passes the rule", in, h)
			}
			return
		}
		if again, ok2 := domain.NormalHandle(h); !ok2 || again != h {
			t.Fatalf("%q -> %q is not stable (%q, %v)", in, h, again, ok2)
		}
		if h != strings.ToLower(h) || strings.ContainsFunc(h, unicode.IsSpace) || strings.HasPrefix(h, "@") {
			t.Fatalf("%q -> %q is not a stored handle", in, h)
		}
		if user, host, remote := strings.Cut(h, "@"); remote {
			if r, ok := domain.RemoteHandle(user, host); !ok || r != h {
				t.Fatalf("%q -> %q is no remote handle", in, h)
			}
		} else if domain.HandleProblem(h) != "" {
			t.Fatalf("%q -> %q fails the handle rule", in, h)
		}
	})
}

// Hashtags and Mentions answer distinct, sorted, lowercased words, each
// found in the text after its sign.
func FuzzHashtagsAndMentions(f *testing.F) {
	for _, s := range []string{"#Bom #dia @Ana", "##x @@y", "#café #CAFÉ", "e-mail a@b.com", "#", "@", "#a_b1 #2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		lower := strings.ToLower(text)
		for sign, words := range map[string][]string{"#": domain.Hashtags(text), "@": domain.Mentions(text)} {
			if !slices.IsSorted(words) || len(slices.Compact(slices.Clone(words))) != len(words) {
				t.Fatalf("%s words of %q not sorted and distinct: %q", sign, text, words)
			}
			for _, w := range words {
				if w == "" || strings.ContainsAny(w, "#@ ") || w != strings.ToLower(w) {
					t.Fatalf("%s word %q of %q", sign, w, text)
				}
				if !strings.Contains(lower, sign+w) {
					t.Fatalf("%s word %q not in %q", sign, w, text)
				}
			}
		}
	})
}

// The rule Hashtags and Mentions follow, as a regular expression: a sign,
// then letters, numbers and _ of any script.
var (
	hashtagRule = regexp.MustCompile(`#([\p{L}\p{N}_]+)`)
	mentionRule = regexp.MustCompile(`@([\p{L}\p{N}_]+)`)
)

func wordsByRule(rule *regexp.Regexp, text string) []string {
	out := []string{}
	for _, m := range rule.FindAllStringSubmatch(text, -1) {
		if w := strings.ToLower(m[1]); !slices.Contains(out, w) {
			out = append(out, w)
		}
	}
	slices.Sort(out)
	return out
}

// Hashtags and Mentions find exactly the words their rule finds.
func FuzzHashtagsAndMentionsFollowTheRule(f *testing.F) {
	for _, s := range []string{"#Bom #dia @Ana", "##x @@y #a#b", "#café #CAFÉ #١٢ #日本語", "e-mail a@b.com", "#", "@",
		"#a_b1 #2 #\xff#x", "@ana\u0301 #İstanbul"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if got, want := domain.Hashtags(text), wordsByRule(hashtagRule, text); !slices.Equal(got, want) {
			t.Fatalf("Hashtags(%q) = %q, the rule: %q", text, got, want)
		}
		if got, want := domain.Mentions(text), wordsByRule(mentionRule, text); !slices.Equal(got, want) {
			t.Fatalf("Mentions(%q) = %q, the rule: %q", text, got, want)
		}
	})
}

// SniffPostMedia decides from the head alone: bytes appended past the first
// 64 never change the answer, and an accepted kind matches its magic bytes.
func FuzzSniffPostMedia(f *testing.F) {
	for _, s := range [][]byte{
		{0xFF, 0xD8, 0xFF, 0xE0}, []byte("\x89PNG\r\n\x1a\n...."), []byte("RIFF\x00\x00\x00\x00WEBPVP8 "),
		[]byte("\x00\x00\x00\x18ftypisom\x00\x00"), []byte("\x00\x00\x00\x18ftypheic\x00\x00"), []byte("OggS\x00\x02"),
		{0x1A, 0x45, 0xDF, 0xA3, 0x42, 0x82, 0x84, 'w', 'e', 'b', 'm'}, []byte("<svg onload=alert(1)>"), []byte("GIF89a"),
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, head []byte) {
		m, ok := domain.SniffPostMedia(head)
		if len(head) >= 64 {
			m2, ok2 := domain.SniffPostMedia(append(slices.Clone(head), bytes.Repeat([]byte{0xAB}, 32)...))
			if m2 != m || ok2 != ok {
				t.Fatalf("appended bytes changed %v/%v to %v/%v", m, ok, m2, ok2)
			}
		}
		if !ok {
			return
		}
		magic := map[string]bool{
			"image/jpeg": bytes.HasPrefix(head, []byte{0xFF, 0xD8, 0xFF}),
			"image/png":  bytes.HasPrefix(head, []byte("\x89PNG")),
			"image/webp": len(head) >= 12 && string(head[:4]) == "RIFF",
			"video/mp4":  len(head) >= 12 && string(head[4:8]) == "ftyp",
			"video/webm": bytes.HasPrefix(head, []byte{0x1A, 0x45, 0xDF, 0xA3}),
			"video/ogg":  bytes.HasPrefix(head, []byte("OggS")),
		}
		if !magic[m.ContentType] {
			t.Fatalf("%q accepted as %s", head, m.ContentType)
		}
	})
}
