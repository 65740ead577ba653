package domain

import (
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// WebsiteProblem is the message for a profile website the rules refuse, or
// "". A website is an absolute http or https URL (any other scheme, such as
// javascript, data, vbscript, file or ftp, is refused) whose host has no
// underscore, no user name, and is neither localhost nor an address in a
// loopback, private, link-local or otherwise non-public range, whatever the
// notation: dotted, decimal (http://2130706433), octal (0177.0.0.1),
// hexadecimal, shortened (127.1), full-width digits, IPv6 and IPv4 inside
// IPv6. raw is the trimmed, non-empty value.
func WebsiteProblem(raw string) string {
	if !websiteAllowed(raw) {
		return MsgWebsiteNotAllowed
	}
	return ""
}

func websiteAllowed(raw string) bool {
	if raw == "" || !utf8.ValidString(raw) || utf8.RuneCountInString(raw) > MaxWebsiteLength {
		return false
	}
	for _, r := range raw {
		if unicode.IsSpace(r) || unicode.IsControl(r) || isBidiControl(r) || r == '\\' {
			return false
		}
	}
	scheme, _, ok := strings.Cut(raw, "://")
	if !ok || !(strings.EqualFold(scheme, "http") || strings.EqualFold(scheme, "https")) {
		return false
	}
	u, err := url.Parse(raw)
	if err != nil || u.Opaque != "" || u.User != nil || u.Host == "" {
		return false
	}
	if strings.HasPrefix(u.Host, "[") {
		addr, err := netip.ParseAddr(u.Hostname())
		return err == nil && addr.Is6() && publicAddr(addr)
	}
	return publicHost(u.Hostname())
}

// publicHost checks a host name (percent-decoded, without port): the same
// way a browser would read it, so that what is stored is what is visited.
func publicHost(host string) bool {
	h := norm.NFKC.String(host)
	h = strings.NewReplacer("\u3002", ".", "\uff0e", ".", "\uff61", ".").Replace(h)
	h = strings.ToLower(strings.TrimSuffix(h, "."))
	if h == "" || strings.ContainsRune(h, '_') || h == "localhost" || strings.HasSuffix(h, ".localhost") {
		return false
	}
	labels := strings.Split(h, ".")
	if numericLabel(labels[len(labels)-1]) {
		// The URL standard reads such a host as an IPv4 address.
		addr, ok := parseIPv4(labels)
		return ok && publicAddr(addr)
	}
	if len(labels) < 2 {
		return false // a bare name (intranet, a container) is no public site
	}
	for _, l := range labels {
		if l == "" || len(l) > 63 || strings.HasPrefix(l, "-") || strings.HasSuffix(l, "-") {
			return false
		}
		for _, r := range l {
			if !(r == '-' || unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r)) {
				return false
			}
		}
	}
	return true
}

// numericLabel is the URL standard's "ends in a number" test for a label.
func numericLabel(l string) bool {
	if l == "" {
		return false
	}
	if strings.HasPrefix(l, "0x") {
		l = l[2:]
		for _, c := range l {
			if !strings.ContainsRune("0123456789abcdef", c) {
				return false
			}
		}
		return true
	}
	for _, c := range l {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// parseIPv4 is the URL standard's IPv4 parser: one to four parts, each
// decimal, octal (leading 0) or hexadecimal (0x), the last one filling the
// remaining bytes.
func parseIPv4(parts []string) (netip.Addr, bool) {
	if len(parts) > 4 {
		return netip.Addr{}, false
	}
	nums := make([]uint64, len(parts))
	for i, p := range parts {
		base := 10
		switch {
		case strings.HasPrefix(p, "0x"):
			p, base = p[2:], 16
			if p == "" {
				p = "0"
			}
		case len(p) > 1 && p[0] == '0':
			p, base = p[1:], 8
		}
		if p == "" {
			return netip.Addr{}, false
		}
		n, err := strconv.ParseUint(p, base, 64)
		if err != nil {
			return netip.Addr{}, false
		}
		nums[i] = n
	}
	var v uint64
	for i, n := range nums[:len(nums)-1] {
		if n > 255 {
			return netip.Addr{}, false
		}
		v |= n << (8 * (3 - i))
	}
	last := nums[len(nums)-1]
	if last >= 1<<(8*(5-len(nums))) {
		return netip.Addr{}, false
	}
	v |= last
	return netip.AddrFrom4([4]byte{byte(v >> 24), byte(v >> 16), byte(v >> 8), byte(v)}), true
}

var nonPublicPrefixes = func() []netip.Prefix {
	var out []netip.Prefix
	for _, s := range []string{
		"0.0.0.0/8", "10.0.0.0/8", "100.64.0.0/10", "127.0.0.0/8", "169.254.0.0/16",
		// Every host starting with "172." is refused, not only 172.16/12.
		"172.0.0.0/8", "192.0.0.0/24", "192.0.2.0/24", "192.168.0.0/16", "198.18.0.0/15",
		"198.51.100.0/24", "203.0.113.0/24", "224.0.0.0/4", "240.0.0.0/4",
		"::/128", "::1/128", "100::/64", "2001::/32", "2001:db8::/32", "64:ff9b:1::/48",
		"fc00::/7", "fe80::/10", "fec0::/10", "ff00::/8",
	} {
		out = append(out, netip.MustParsePrefix(s))
	}
	return out
}()

// publicAddr reports whether addr is a public unicast address. IPv4 carried
// inside IPv6 (mapped, compatible, NAT64, 6to4) is judged as IPv4.
func publicAddr(addr netip.Addr) bool {
	addr = addr.WithZone("").Unmap()
	if addr.Is6() {
		b := addr.As16()
		switch {
		case [12]byte(b[:12]) == [12]byte{}: // IPv4-compatible (and :: and ::1)
			if !addr.IsUnspecified() && !addr.IsLoopback() {
				return publicAddr(netip.AddrFrom4([4]byte(b[12:])))
			}
		case netip.MustParsePrefix("64:ff9b::/96").Contains(addr):
			return publicAddr(netip.AddrFrom4([4]byte(b[12:])))
		case b[0] == 0x20 && b[1] == 0x02: // 6to4
			return publicAddr(netip.AddrFrom4([4]byte(b[2:6])))
		}
	}
	for _, p := range nonPublicPrefixes {
		if p.Contains(addr) {
			return false
		}
	}
	return addr.IsGlobalUnicast()
}
