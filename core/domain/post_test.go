package domain

import (
	"fmt"
	"strings"
	"testing"
)

func TestPostWords(t *testing.T) {
	t.Parallel()
	if got := fmt.Sprint(Hashtags("#Go e #go, #São_Paulo! a#b")); got != "[b go são_paulo]" {
		t.Errorf("hashtags = %s", got)
	}
	if got := fmt.Sprint(Mentions("oi @Ana e @ana @Bia_2")); got != "[ana bia_2]" {
		t.Errorf("mentions = %s", got)
	}
	for text, want := range map[string]string{
		"oi @ana":                              "[ana]",
		"oi @Ana@outro.example":                "[]",
		"@ana@outro.example e @ana":            "[ana]",
		"@ana@outro.example e @bia@x.org @bia": "[bia]",
		"@ana@ e @bia@ x":                      "[ana bia]",
		"escreva para a@bia.com ou @bia":       "[bia]",
		"escreva para a@bia.com":               "[]",
	} {
		if got := fmt.Sprint(LocalMentions(text)); got != want {
			t.Errorf("LocalMentions(%q) = %s, want %s", text, got, want)
		}
	}
	for text, want := range map[string]string{
		"veja https://exemplo.com/a?b=1.": "https://exemplo.com/a?b=1",
		"(HTTP://x.org/p) e http://y.org": "HTTP://x.org/p",
		"ftp://x.org e www.x.org":         "",
	} {
		if got := FirstURL(text); got != want {
			t.Errorf("FirstURL(%q) = %q, want %q", text, got, want)
		}
	}
	if PostTextProblem(strings.Repeat("ç", 280)) != "" || PostTextProblem(strings.Repeat("ç", 281)) != MsgPostTooLong ||
		PostTextProblem(" \n") != MsgPostEmpty {
		t.Error("text rules")
	}
}
