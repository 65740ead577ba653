package auth

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"social/config"
	"social/core/domain"
	"social/core/ports"
)

type liveSessions map[string]domain.Role

func (s liveSessions) ActiveRole(_ context.Context, sid string, _ domain.UserID) (domain.Role, bool, error) {
	r, ok := s[sid]
	return r, ok, nil
}

func newTestAuthenticator(t *testing.T, proxies ...string) (*Authenticator, *Tokens) {
	t.Helper()
	cfg := &config.Config{}
	cfg.HTTP.TrustedProxies = proxies
	tokens := NewTokensWith([]byte("0123456789abcdef0123456789abcdef"), "http://social.test", 15*time.Minute, ports.SystemClock{})
	a, err := NewAuthenticator(cfg, tokens, liveSessions{"s1": domain.RoleModerator}, nil, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	return a, tokens
}

func TestClientIP(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name    string
		proxies []string
		remote  string
		xff     []string
		want    string
	}{
		{"socket peer", nil, "203.0.113.7:5555", nil, "203.0.113.7"},
		{"untrusted peer's header is ignored", nil, "203.0.113.7:5555", []string{"1.2.3.4"}, "203.0.113.7"},
		{"trusted proxy", []string{"10.0.0.1"}, "10.0.0.1:80", []string{"198.51.100.9"}, "198.51.100.9"},
		{"client lies on the left", []string{"10.0.0.0/8"}, "10.0.0.1:80", []string{"6.6.6.6, 198.51.100.9"}, "198.51.100.9"},
		{"chain of proxies", []string{"10.0.0.0/8"}, "10.0.0.1:80", []string{"198.51.100.9, 10.0.0.2", "10.0.0.3"}, "198.51.100.9"},
		{"all hops trusted", []string{"10.0.0.0/8"}, "10.0.0.1:80", []string{"10.0.0.5"}, "10.0.0.5"},
		{"garbage hop stops the walk", []string{"10.0.0.0/8"}, "10.0.0.1:80", []string{"198.51.100.9, nonsense"}, "10.0.0.1"},
		{"hop with port", []string{"10.0.0.1"}, "10.0.0.1:80", []string{"198.51.100.9:4444"}, "198.51.100.9"},
		{"IPv6 hop", []string{"::1"}, "[::1]:80", []string{"[2001:db8::5]"}, "2001:db8::5"},
		{"IPv4-mapped peer", []string{"127.0.0.1"}, "[::ffff:127.0.0.1]:80", []string{"198.51.100.1"}, "198.51.100.1"},
		{"no header from a trusted proxy", []string{"10.0.0.1"}, "10.0.0.1:80", nil, "10.0.0.1"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a, _ := newTestAuthenticator(t, c.proxies...)
			r := httptest.NewRequest(http.MethodGet, "/", nil)
			r.RemoteAddr = c.remote
			for _, v := range c.xff {
				r.Header.Add("X-Forwarded-For", v)
			}
			if got := a.clientIP(r); got != c.want {
				t.Fatalf("clientIP = %q, want %q", got, c.want)
			}
		})
	}
}

func TestMiddlewarePutsTheViewerInTheContext(t *testing.T) {
	t.Parallel()
	a, tokens := newTestAuthenticator(t)
	id := domain.NewUserID()
	live, _, err := tokens.Issue(domain.Viewer{UserID: id, Role: domain.RoleMember, SessionID: "s1"})
	if err != nil {
		t.Fatal(err)
	}
	ended, _, _ := tokens.Issue(domain.Viewer{UserID: id, Role: domain.RoleMember, SessionID: "s2"})
	var got domain.Viewer
	var ip string
	h := a.Middleware(http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) {
		got, ip = domain.ViewerFrom(r.Context()), ClientIP(r.Context())
	}))
	for _, c := range []struct {
		header string
		want   domain.Viewer
	}{
		{"Bearer " + live, domain.Viewer{UserID: id, Role: domain.RoleModerator, SessionID: "s1"}}, // role from the session's account
		{"bearer " + live, domain.Viewer{UserID: id, Role: domain.RoleModerator, SessionID: "s1"}},
		{"Bearer " + ended, domain.Viewer{}},
		{"Basic " + live, domain.Viewer{}},
		{"Bearer", domain.Viewer{}},
		{"", domain.Viewer{}},
	} {
		r := httptest.NewRequest(http.MethodGet, "/", nil)
		r.RemoteAddr = "192.0.2.1:1234"
		if c.header != "" {
			r.Header.Set("Authorization", c.header)
		}
		h.ServeHTTP(httptest.NewRecorder(), r)
		if got != c.want || ip != "192.0.2.1" {
			t.Errorf("Authorization %q: viewer %+v ip %q, want %+v", c.header, got, ip, c.want)
		}
	}
}
