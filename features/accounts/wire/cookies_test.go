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
	for _, want := range []string{"social_refresh=tok", "Path=/api/v1/auth", "Max-Age=35", "HttpOnly", "Secure", "SameSite=Strict"} {
		if !strings.Contains(set, want) {
			t.Errorf("%q lacks %q", set, want)
		}
	}
	if clear := c.Clear(); !strings.Contains(clear, "Max-Age=0") || !strings.Contains(clear, "social_refresh=") {
		t.Errorf("clear = %q", clear)
	}
}
