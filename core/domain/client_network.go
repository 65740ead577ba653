package domain

import "net/netip"

// ClientNetwork is the client address a per-address limit counts by: an
// IPv4 address as it is (IPv4-mapped IPv6 included), an IPv6 address as
// its /64, a subscriber's network within which anyone picks addresses at
// will. What does not parse is kept as it is.
func ClientNetwork(clientIP string) string {
	ip, err := netip.ParseAddr(clientIP)
	if err != nil {
		return clientIP
	}
	ip = ip.Unmap().WithZone("")
	if ip.Is4() {
		return ip.String()
	}
	p, err := ip.Prefix(64)
	if err != nil {
		return clientIP
	}
	return p.String()
}
