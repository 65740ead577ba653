package app

import (
	"strings"
	"testing"

	"social/core/errs"
)

func TestNormalizeDomain(t *testing.T) {
	long := strings.Repeat(strings.Repeat("a", 63)+".", 3) + strings.Repeat("b", 61) // 253 characters
	for in, want := range map[string]string{
		"Example.Social": "example.social", " https://example.social/ ": "example.social", "@example.social": "example.social",
		"127.0.0.1:8443": "127.0.0.1:8443", "xn--caf-dma.example": "xn--caf-dma.example", long: long,
	} {
		if got, err := NormalizeDomain(in); err != nil || got != want {
			t.Errorf("NormalizeDomain(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, in := range []string{"", " ", "exa mple.social", "-a.example", "a-.example", "a..example", "example.social:0",
		"example.social:123456", "example.social:x", "café.example", "user@example.social", long + "c", "a:1:2",
		strings.Repeat("a", 64) + ".example", "example.social/path"} {
		_, err := NormalizeDomain(in)
		if e, ok := errs.As(err); !ok || e.Code != CodeDomainInvalid {
			t.Errorf("NormalizeDomain(%q): %v, want %s", in, err, CodeDomainInvalid)
		}
	}
	if _, err := (OwnDomains{"social.example"}).check("SOCIAL.example"); err == nil {
		t.Fatal("the network's own domain was taken")
	} else if e, _ := errs.As(err); e.Code != CodeDomainOwn {
		t.Fatalf("own domain: %v", err)
	}
}
