package s3

import (
	"sync"
	"time"

	"social/adapters/storage/blobpolicy"
)

// maxKeptLinks bounds the links kept for reuse (about 600 bytes each): past
// it, a link is signed afresh for every answer until the window turns.
const maxKeptLinks = 20_000

// keptLinks keeps the links signed within the last window
// (blobpolicy.LinkWindow), so every answer within it links a file alike and
// the browser draws it from its cache. A SigV4 link carries the second it
// was signed, so two signatures are never the same link: it is reused
// instead. It is signed for ttl plus the window, so a link reused at the
// window's end still lives ttl.
type keptLinks struct {
	mu    sync.Mutex
	links map[keptLinkKey]keptLink
}

type keptLinkKey struct {
	key string
	ttl time.Duration
}

type keptLink struct {
	url        string
	reuseUntil time.Time
}

// window is how long a link signed for ttl is reused, and how much longer
// it is signed for: blobpolicy.LinkWindow, less what would take the link
// past SigV4's longest life.
func (k *keptLinks) window(ttl time.Duration) time.Duration {
	return min(blobpolicy.LinkWindow(ttl), MaxLinkTTL-ttl)
}

// get is the link kept for key and ttl, if it may still be reused at now.
func (k *keptLinks) get(key string, ttl time.Duration, now time.Time) (string, bool) {
	k.mu.Lock()
	defer k.mu.Unlock()
	link, ok := k.links[keptLinkKey{key, ttl}]
	if !ok || !now.Before(link.reuseUntil) {
		return "", false
	}
	return link.url, true
}

// keep remembers url, signed at signedAt, for reuse until the window ends.
func (k *keptLinks) keep(key string, ttl time.Duration, url string, signedAt time.Time) {
	window := k.window(ttl)
	if window <= 0 {
		return
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.links == nil {
		k.links = make(map[keptLinkKey]keptLink)
	}
	if len(k.links) >= maxKeptLinks {
		for kk, link := range k.links {
			if !signedAt.Before(link.reuseUntil) {
				delete(k.links, kk)
			}
		}
		if len(k.links) >= maxKeptLinks {
			return
		}
	}
	k.links[keptLinkKey{key, ttl}] = keptLink{url: url, reuseUntil: signedAt.Add(window)}
}
