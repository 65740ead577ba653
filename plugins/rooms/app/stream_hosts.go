package app

import (
	"net/url"
	"strings"
)

// StreamHosts are the hosts an explicit track's audio may come from. Every
// member's browser in the room loads that address, so a host may not
// choose it freely: it would learn each listener's address and when they
// came. The server's own host (the built-in track) is always there; the
// others are rooms.stream_hosts. A station's stream comes from the
// directory and is not checked here.
type StreamHosts struct{ hosts []string }

// NewStreamHosts allows the host of publicURL and hosts: each "name" (any
// port) or "name:port", compared without case.
func NewStreamHosts(publicURL string, hosts []string) StreamHosts {
	var s StreamHosts
	if u, err := url.Parse(publicURL); err == nil && u.Host != "" {
		s.hosts = append(s.hosts, strings.ToLower(u.Host))
	}
	for _, h := range hosts {
		if h = strings.ToLower(strings.TrimSpace(h)); h != "" {
			s.hosts = append(s.hosts, h)
		}
	}
	return s
}

// Allow reports whether raw, an absolute http(s) address, is on an
// allowed host.
func (s StreamHosts) Allow(raw string) bool {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || u.Host == "" {
		return false
	}
	host, name := strings.ToLower(u.Host), strings.ToLower(u.Hostname())
	for _, h := range s.hosts {
		if h == host || (h == name && !strings.Contains(h, ":")) {
			return true
		}
	}
	return false
}
