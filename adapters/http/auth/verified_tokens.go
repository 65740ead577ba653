package auth

import (
	"sync"
	"time"

	"social/core/domain"
)

// verifiedTokensPerGeneration bounds the memory of verifiedTokens: when
// this many tokens have been verified since the last turn, the older
// generation is dropped. Two generations keep every token in use by a few
// thousand members at once without ever walking the map to expire entries.
const verifiedTokensPerGeneration = 8192

// verifiedTokens remembers access tokens whose signature and claims have
// been checked, with the viewer they carry and when they expire. Checking
// an HS256 token decodes its JSON claims and computes an HMAC, on every
// request a member makes; the same few thousand tokens come back again and
// again until they expire. A token is remembered only once it has passed
// every check, so that what a client makes up costs it the full check each
// time and never takes a place here; expiry is still checked on every use.
type verifiedTokens struct {
	mu                sync.RWMutex
	current, previous map[string]verifiedToken
}

type verifiedToken struct {
	viewer  domain.Viewer
	expires time.Time
}

func newVerifiedTokens() *verifiedTokens {
	return &verifiedTokens{current: map[string]verifiedToken{}}
}

// lookup returns the viewer of token when it passed every check before
// and has not expired at now.
func (v *verifiedTokens) lookup(token string, now time.Time) (domain.Viewer, bool) {
	v.mu.RLock()
	t, ok := v.current[token]
	if !ok {
		t, ok = v.previous[token]
	}
	v.mu.RUnlock()
	if !ok || !now.Before(t.expires) {
		return domain.Viewer{}, false
	}
	return t.viewer, true
}

// remember keeps a token that has just passed every check.
func (v *verifiedTokens) remember(token string, viewer domain.Viewer, expires time.Time) {
	v.mu.Lock()
	defer v.mu.Unlock()
	if len(v.current) >= verifiedTokensPerGeneration {
		v.previous, v.current = v.current, make(map[string]verifiedToken, verifiedTokensPerGeneration)
	}
	v.current[token] = verifiedToken{viewer: viewer, expires: expires}
}
