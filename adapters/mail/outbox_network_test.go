package mail_test

import (
	"net"
	"net/http"
	"net/netip"
	"strings"
	"testing"

	"social/config"
	"social/core/domain"
	"social/tests/testkit"
	at "social/tests/testkit/apptest"
)

// nonLoopbackAddress is an address of this machine that is not loopback,
// the one a neighbour on the same network would reach it at.
func nonLoopbackAddress(t *testing.T) string {
	t.Helper()
	addrs, err := net.InterfaceAddrs()
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range addrs {
		p, err := netip.ParsePrefix(a.String())
		if err == nil && p.Addr().Is4() && !p.Addr().IsLoopback() && !p.Addr().IsLinkLocalUnicast() {
			return p.Addr().String()
		}
	}
	t.Skip("this machine has no non-loopback IPv4 address to call from")
	return ""
}

// With admin.open_access (development), the outbox, which holds password
// reset links, is open to the developer's own machine only: a request
// whose socket peer is another address gets 401 like anywhere else, with
// no header able to claim otherwise, and reads it only as staff.
func TestOpenOutboxIsForTheLoopbackOnly(t *testing.T) {
	t.Parallel()
	outside := nonLoopbackAddress(t)
	app := at.Start(t, func(c *config.Config) {
		c.HTTP.Addr = "0.0.0.0:0" // every interface, as a server configured to serve others
		c.HTTP.TrustedProxies = nil
	})
	port := app.URL[strings.LastIndex(app.URL, ":")+1:]
	app.Client().Do(http.MethodPost, "/api/v1/auth/password/forgot", map[string]string{"email": "ninguem@example.com"})
	get := func(host string, header ...string) int {
		req, err := http.NewRequest(http.MethodGet, "http://"+net.JoinHostPort(host, port)+"/api/v1/admin/mail", nil)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i+1 < len(header); i += 2 {
			req.Header.Set(header[i], header[i+1])
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	if got := get("127.0.0.1"); got != http.StatusOK {
		t.Fatalf("from the loopback: %d, want 200", got)
	}
	if got := get(outside); got != http.StatusUnauthorized {
		t.Fatalf("from %s (a peer on the network): %d, want 401", outside, got)
	}
	if got := get(outside, "X-Forwarded-For", "127.0.0.1", "X-Real-IP", "127.0.0.1"); got != http.StatusUnauthorized {
		t.Fatalf("from %s claiming the loopback in headers: %d, want 401", outside, got)
	}
	token := testkit.Staff(t, app.App, "dona", domain.RoleAdmin)
	if got := get(outside, "Authorization", "Bearer "+token); got != http.StatusOK {
		t.Fatalf("staff from %s: %d, want 200", outside, got)
	}
}
