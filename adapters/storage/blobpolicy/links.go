package blobpolicy

import "time"

// LinkWindow is how long every link to a file stays the same link: a
// quarter of the links' ttl, in whole seconds (none below 4 s). A page read
// again within the window (a refresh, a catch-up after missed events) names
// its pictures by the links it had, so the browser draws them from its cache
// instead of loading and painting them anew. A link then lives between ttl
// and ttl plus one window.
func LinkWindow(ttl time.Duration) time.Duration {
	return (ttl / 4).Truncate(time.Second)
}

// LinkExpiry is the second a link signed at now for ttl expires: now+ttl
// rounded up to the end of its window (LinkWindow), so every link signed
// within one window ends in the same second and is the same link.
func LinkExpiry(now time.Time, ttl time.Duration) int64 {
	exp := now.Add(ttl)
	window := int64(LinkWindow(ttl) / time.Second)
	if window == 0 {
		return exp.Unix()
	}
	sec := exp.Unix()
	if exp.Nanosecond() > 0 {
		sec++
	}
	if rem := sec % window; rem != 0 {
		sec += window - rem
	}
	return sec
}
