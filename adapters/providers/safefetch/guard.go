package safefetch

import (
	"fmt"
	"net/netip"
	"slices"
	"strings"
	"syscall"

	"code.dny.dev/ssrf"
)

// Named because a guard that forgets them is the classic SSRF hole: the
// cloud metadata services (AWS, GCP, Azure: IPv4 link-local; AWS: IPv6).
var metadataAddrs = []netip.Addr{
	netip.MustParseAddr("169.254.169.254"),
	netip.MustParseAddr("fd00:ec2::254"),
}

// guard decides, for the address a socket is about to connect to, whether
// the connection may happen. It runs as net.Dialer.Control, so it sees the
// IP actually dialed, after any resolution.
type guard struct {
	ssrf      *ssrf.Guardian
	ports     []uint16 // nil: any port
	allowList map[string]bool
	loopback  bool
}

func newGuard(o Options) *guard {
	g := &guard{
		// Ports are checked here, not by the Guardian, so that the test
		// allow-list can bypass the whole decision in one place.
		ssrf:      ssrf.New(ssrf.WithAnyPort()),
		allowList: map[string]bool{},
		loopback:  o.AllowLoopback,
	}
	if !o.AnyPort {
		g.ports = []uint16{80, 443}
	}
	for _, a := range o.AllowedTestAddrs {
		if ap, err := netip.ParseAddrPort(a); err == nil {
			g.allowList[ap.String()] = true
		}
	}
	return g
}

// control is the net.Dialer.Control hook.
func (g *guard) control(network, address string, _ syscall.RawConn) error {
	if network != "tcp4" && network != "tcp6" {
		return fmt.Errorf("%w: network %s", ErrBlocked, network)
	}
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		return fmt.Errorf("%w: address %q: %v", ErrBlocked, address, err)
	}
	if g.allowList[ap.String()] || g.allowList[netip.AddrPortFrom(ap.Addr().Unmap(), ap.Port()).String()] {
		return nil
	}
	if g.loopback && ap.Addr().Unmap().IsLoopback() {
		return nil
	}
	if g.ports != nil && !slices.Contains(g.ports, ap.Port()) {
		return fmt.Errorf("%w: port %d", ErrBlocked, ap.Port())
	}
	return checkAddr(g.ssrf, ap.Addr())
}

// checkAddr refuses any address that is not plainly public. The Guardian
// covers the IANA special-purpose registries (private, CGNAT, loopback,
// link-local, multicast, unspecified, everything outside IPv6 global
// unicast: unique-local, IPv4-mapped and -compatible forms, NAT64); the
// explicit checks below repeat the critical ones on the unmapped address so
// that no single table decides alone.
func checkAddr(gd *ssrf.Guardian, ip netip.Addr) error {
	if ip.Zone() != "" {
		return fmt.Errorf("%w: scoped address %s", ErrBlocked, ip)
	}
	if err := gd.SafeAddr(ip); err != nil {
		return fmt.Errorf("%w: %v", ErrBlocked, err)
	}
	u := ip.Unmap()
	switch {
	case !u.IsValid(), u.IsUnspecified(), u.IsLoopback(), u.IsPrivate(),
		u.IsLinkLocalUnicast(), u.IsLinkLocalMulticast(), u.IsInterfaceLocalMulticast(),
		u.IsMulticast(), slices.Contains(metadataAddrs, u):
		return fmt.Errorf("%w: %s is internal", ErrBlocked, ip)
	}
	return nil
}

// ambiguousHost reports host names that browsers and C resolvers read as an
// IPv4 number in shorthand (decimal 2130706433, octal 0177.0.0.1, hex
// 0x7f.1): no real site is named like that, so they are refused before any
// lookup (the dial-time check would refuse them too).
func ambiguousHost(host string) bool {
	h := strings.TrimSuffix(host, ".")
	if _, err := netip.ParseAddr(h); err == nil {
		return false
	}
	labels := strings.Split(h, ".")
	last := labels[len(labels)-1]
	if last == "" {
		return true
	}
	if strings.HasPrefix(last, "0x") || strings.HasPrefix(last, "0X") {
		return true
	}
	for _, r := range last {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}
