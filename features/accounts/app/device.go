package app

import (
	"net/netip"
	"strings"
	"unicode/utf8"
)

// Device is where a request of a session came from, as far as a member
// needs to recognise it in their list of sessions.
type Device struct {
	UserAgent string // as the client sent it
	IP        string // the client's address
	// KnownToken is the social_device cookie the client presented, if any:
	// a session opened another way than SignIn (a second step, a passkey)
	// makes that device known as a password sign-in does.
	KnownToken string
}

// MaxUserAgentBytes caps the User-Agent kept with a session: real ones are
// far shorter, and a header is no reason to store kilobytes.
const MaxUserAgentBytes = 512

// storedUserAgent is ua without control characters or invalid bytes, cut
// to MaxUserAgentBytes on a character boundary.
func storedUserAgent(ua string) string {
	ua = strings.ToValidUTF8(ua, "")
	ua = strings.TrimSpace(strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return -1
		}
		return r
	}, ua))
	if len(ua) <= MaxUserAgentBytes {
		return ua
	}
	cut := MaxUserAgentBytes
	for cut > 0 && !utf8.RuneStart(ua[cut]) {
		cut--
	}
	return ua[:cut]
}

// NetworkOf is the prefix of ip that a session keeps: the /24 of an IPv4
// address, the /48 of an IPv6 one ("198.51.100.0/24", "2001:db8:1::/48"),
// or "" when ip is no address. The address itself is never kept.
func NetworkOf(ip string) string {
	addr, err := netip.ParseAddr(strings.TrimSpace(ip))
	if err != nil {
		return ""
	}
	addr = addr.Unmap().WithZone("")
	bits := 48
	if addr.Is4() {
		bits = 24
	}
	p, err := addr.Prefix(bits)
	if err != nil {
		return ""
	}
	return p.String()
}

// LabelUnknownDevice names a session whose User-Agent says nothing known.
const LabelUnknownDevice = "Dispositivo desconhecido"

// DeviceLabel names the browser and system of a User-Agent in a few
// Portuguese words ("Chrome no Android", "Safari no iPhone"), or says the
// device is unknown. Only the common browsers and systems are told apart:
// the label is for recognising one's own devices, not for statistics.
func DeviceLabel(ua string) string {
	browser, system := browserOf(ua), systemOf(ua)
	switch {
	case browser != "" && system != "":
		return browser + " no " + system
	case browser != "":
		return browser
	case system != "":
		return "Navegador no " + system
	}
	return LabelUnknownDevice
}

// browserOf tells the browser. The order matters: most browsers also name
// the ones they descend from (Edge says Chrome and Safari, Chrome says
// Safari).
func browserOf(ua string) string {
	for _, b := range []struct{ token, name string }{
		{"Edg/", "Edge"}, {"EdgA/", "Edge"}, {"EdgiOS/", "Edge"},
		{"OPR/", "Opera"}, {"OPiOS/", "Opera"},
		{"SamsungBrowser/", "Samsung Internet"},
		{"Firefox/", "Firefox"}, {"FxiOS/", "Firefox"},
		{"CriOS/", "Chrome"}, {"Chrome/", "Chrome"}, {"Chromium/", "Chromium"},
		{"Safari/", "Safari"},
	} {
		if strings.Contains(ua, b.token) {
			return b.name
		}
	}
	return ""
}

// systemOf tells the operating system, or the kind of Apple device.
func systemOf(ua string) string {
	for _, s := range []struct{ token, name string }{
		{"iPhone", "iPhone"}, {"iPad", "iPad"}, {"iPod", "iPod"},
		{"Android", "Android"},
		{"CrOS", "ChromeOS"},
		{"Windows", "Windows"},
		{"Macintosh", "Mac"},
		{"Linux", "Linux"},
	} {
		if strings.Contains(ua, s.token) {
			return s.name
		}
	}
	return ""
}
