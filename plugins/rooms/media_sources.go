package rooms

import (
	"strings"

	"social/kit/plugin"
)

// newMediaSources admits the rooms' audio to the Content-Security-Policy: a
// live radio station can only be heard from its own stream, and the
// directory lists stations on any https host, so media-src must admit
// https: while rooms are on. An explicit track comes from the server or
// from rooms.stream_hosts, which are admitted by name (plain http too, as
// a development host may serve one).
func newMediaSources(c *Config) plugin.MediaSources {
	sources := []string{"https:"}
	for _, h := range c.Rooms.StreamHosts {
		if h = strings.ToLower(strings.TrimSpace(h)); h != "" {
			sources = append(sources, "http://"+h)
		}
	}
	return plugin.MediaSources{Plugin: Name, Sources: sources,
		Why: "radio stations stream live from their own hosts"}
}
