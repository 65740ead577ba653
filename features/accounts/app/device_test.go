package app

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestDeviceLabel(t *testing.T) {
	t.Parallel()
	for ua, want := range map[string]string{
		"Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36":                          "Chrome no Android",
		"Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1":        "Safari no iPhone",
		"Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1": "Chrome no iPhone",
		"Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0":                                                               "Firefox no Windows",
		"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0":                  "Edge no Windows",
		"Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15":                          "Safari no Mac",
		"Mozilla/5.0 (Linux; Android 13; SM-S901B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36":     "Samsung Internet no Android",
		"Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/115.0.0.0":                            "Opera no Linux",
		"Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36":                                 "Chrome no ChromeOS",
		"Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1":                 "Safari no iPad",
		"Mozilla/5.0 (Linux; Android 14)": "Navegador no Android",
		"curl/8.5.0":                      "Dispositivo desconhecido",
		"":                                "Dispositivo desconhecido",
	} {
		if got := DeviceLabel(ua); got != want {
			t.Errorf("DeviceLabel(%q) = %q, want %q", ua, got, want)
		}
	}
}

func TestNetworkOfKeepsOnlyAPrefix(t *testing.T) {
	t.Parallel()
	for ip, want := range map[string]string{
		"203.0.113.77":            "203.0.113.0/24",
		"::ffff:203.0.113.77":     "203.0.113.0/24",
		"2001:db8:aaaa:bbbb::17":  "2001:db8:aaaa::/48",
		"fe80::1%eth0":            "fe80::/48",
		"":                        "",
		"not an address":          "",
		"203.0.113.77/32":         "",
		"2001:db8::1:2:3:4:5:6:7": "",
	} {
		if got := NetworkOf(ip); got != want {
			t.Errorf("NetworkOf(%q) = %q, want %q", ip, got, want)
		}
	}
}

func TestStoredUserAgentIsCapped(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("é", 400) // 800 bytes
	got := storedUserAgent(" Mozilla\x00/5.0\n" + long)
	if len(got) > MaxUserAgentBytes || !utf8.ValidString(got) || !strings.HasPrefix(got, "Mozilla/5.0é") {
		t.Fatalf("stored %d bytes: %q", len(got), got[:20])
	}
	if got := storedUserAgent("bad \xff bytes"); got != "bad  bytes" {
		t.Fatalf("invalid bytes: %q", got)
	}
}
