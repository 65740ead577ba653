package domain

import (
	"math/bits"
	"strings"
)

// Scopes is a set of OAuth 2 scopes, Mastodon's list: what an app's access
// token may do on a member's behalf. A member's own session carries no
// scopes and is not limited by them (Viewer.FirstParty).
type Scopes uint64

// The scopes, one bit each. A parent (read, write) covers its children;
// follow covers the follows, blocks and mutes children of read and write,
// as it did in Mastodon before the children existed.
const (
	ScopeRead Scopes = 1 << iota
	ScopeReadAccounts
	ScopeReadBlocks
	ScopeReadBookmarks
	ScopeReadFavourites
	ScopeReadFilters
	ScopeReadFollows
	ScopeReadLists
	ScopeReadMutes
	ScopeReadNotifications
	ScopeReadSearch
	ScopeReadStatuses
	ScopeWrite
	ScopeWriteAccounts
	ScopeWriteBlocks
	ScopeWriteBookmarks
	ScopeWriteConversations
	ScopeWriteFavourites
	ScopeWriteFilters
	ScopeWriteFollows
	ScopeWriteLists
	ScopeWriteMedia
	ScopeWriteMutes
	ScopeWriteNotifications
	ScopeWriteReports
	ScopeWriteStatuses
	ScopeFollow
	ScopePush
	ScopeProfile
	scopeEnd
)

// scopeNames are the scopes' names, in the order of their bits.
var scopeNames = [...]string{
	"read", "read:accounts", "read:blocks", "read:bookmarks", "read:favourites", "read:filters",
	"read:follows", "read:lists", "read:mutes", "read:notifications", "read:search", "read:statuses",
	"write", "write:accounts", "write:blocks", "write:bookmarks", "write:conversations",
	"write:favourites", "write:filters", "write:follows", "write:lists", "write:media", "write:mutes",
	"write:notifications", "write:reports", "write:statuses",
	"follow", "push", "profile",
}

var scopeByName = func() map[string]Scopes {
	m := make(map[string]Scopes, len(scopeNames))
	for i, n := range scopeNames {
		m[n] = 1 << i
	}
	return m
}()

const (
	readChildren   = ScopeReadAccounts | ScopeReadBlocks | ScopeReadBookmarks | ScopeReadFavourites | ScopeReadFilters | ScopeReadFollows | ScopeReadLists | ScopeReadMutes | ScopeReadNotifications | ScopeReadSearch | ScopeReadStatuses
	writeChildren  = ScopeWriteAccounts | ScopeWriteBlocks | ScopeWriteBookmarks | ScopeWriteConversations | ScopeWriteFavourites | ScopeWriteFilters | ScopeWriteFollows | ScopeWriteLists | ScopeWriteMedia | ScopeWriteMutes | ScopeWriteNotifications | ScopeWriteReports | ScopeWriteStatuses
	followChildren = ScopeReadFollows | ScopeWriteFollows | ScopeReadBlocks | ScopeWriteBlocks | ScopeReadMutes | ScopeWriteMutes
)

// DefaultScopes is what an app registered or authorized without a scope
// parameter gets, as in Mastodon.
const DefaultScopes = ScopeRead

// AllScopeNames lists every scope this server knows, in a stable order
// (the server metadata's scopes_supported).
func AllScopeNames() []string { return append([]string(nil), scopeNames[:]...) }

// ParseScopes reads a scope parameter: names separated by spaces (RFC 6749
// section 3.3; '+' too, as some clients leave it encoded). Empty is
// DefaultScopes; an unknown name fails with that name.
func ParseScopes(s string) (Scopes, string, bool) {
	var out Scopes
	for _, name := range strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == '+' || r == '\t' || r == '\n' }) {
		bit, ok := scopeByName[name]
		if !ok {
			return 0, name, false
		}
		out |= bit
	}
	if out == 0 {
		out = DefaultScopes
	}
	return out, "", true
}

// Names lists the scopes of s as granted, in the order of AllScopeNames.
func (s Scopes) Names() []string {
	out := make([]string, 0, bits.OnesCount64(uint64(s)))
	for i, n := range scopeNames {
		if s&(1<<i) != 0 {
			out = append(out, n)
		}
	}
	return out
}

// String is the scope parameter of s: its names separated by spaces.
func (s Scopes) String() string { return strings.Join(s.Names(), " ") }

// Expanded adds to s every child its parents cover.
func (s Scopes) Expanded() Scopes {
	out := s
	if s&ScopeRead != 0 {
		out |= readChildren
	}
	if s&ScopeWrite != 0 {
		out |= writeChildren
	}
	if s&ScopeFollow != 0 {
		out |= followChildren
	}
	return out & (scopeEnd - 1)
}

// Within reports whether every scope of s, with its children, is one of
// allowed's or a child of one: an app registered for read may be given
// read:accounts, one registered for read:accounts is never given read.
func (s Scopes) Within(allowed Scopes) bool {
	return s.Expanded()&^allowed.Expanded() == 0
}

// Covers reports whether s grants any of need (an operation names the
// scopes that each let it run: read:accounts or profile, say).
func (s Scopes) Covers(need Scopes) bool { return s.Expanded()&need != 0 }
