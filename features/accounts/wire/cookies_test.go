package wire

import (
	"strings"
	"testing"
	"time"

	"social/config"
	"social/core/ports"
)

func TestCookies(t *testing.T) {
	t.Parallel()
	cfg := &config.Config{}
	cfg.HTTP.PublicURL = "https://social.example"
	c := NewCookies(cfg, ports.SystemClock{})
	set := c.Refresh("tok", time.Now().Add(time.Hour))
	if len(set) != 2 {
		t.Fatalf("Refresh sets %d cookies, want the refresh cookie and the hint: %q", len(set), set)
	}
	refresh, hint := set[0], set[1]
	for _, want := range []string{"social_refresh=tok", "Path=/api/v1/auth", "Max-Age=35", "HttpOnly", "Secure", "SameSite=Strict"} {
		if !strings.Contains(refresh, want) {
			t.Errorf("%q lacks %q", refresh, want)
		}
	}
	// The hint is readable by the page's scripts on every path and lives as
	// long as the refresh cookie; it never carries the token.
	for _, want := range []string{"social_session=1", "Path=/", "Max-Age=35", "Secure", "SameSite=Lax"} {
		if !strings.Contains(hint, want) {
			t.Errorf("%q lacks %q", hint, want)
		}
	}
	if strings.Contains(hint, "HttpOnly") || strings.Contains(hint, "tok") {
		t.Errorf("hint = %q, want a script-readable cookie without the token", hint)
	}
	cleared := c.Clear()
	if len(cleared) != 2 {
		t.Fatalf("Clear = %q, want both cookies removed", cleared)
	}
	for i, name := range []string{"social_refresh=", "social_session="} {
		if !strings.Contains(cleared[i], "Max-Age=0") || !strings.HasPrefix(cleared[i], name) {
			t.Errorf("clear[%d] = %q", i, cleared[i])
		}
	}
}
