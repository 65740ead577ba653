package httpapi

import (
	"net/http"

	"social/core/domain"
)

// Preferences are the member's defaults as apps read them: everything
// posted public unless chosen otherwise, in Portuguese, media shown as
// the app shows it, content warnings not expanded (there are none).
type Preferences struct {
	Visibility string  `json:"posting:default:visibility"`
	Sensitive  bool    `json:"posting:default:sensitive"`
	Language   *string `json:"posting:default:language"`
	Media      string  `json:"reading:expand:media"`
	Spoilers   bool    `json:"reading:expand:spoilers"`
}

// MiscEndpoints answer what apps read at start for features this network
// does not have, so that they start without an error: announcements,
// lists, direct conversations (direct messages are a plugin of their own,
// not statuses), followed hashtags and bookmarks are all empty; and the
// member's preferences.
func MiscEndpoints() []Endpoint {
	empty := func(*Request) (any, error) { return []struct{}{}, nil }
	return []Endpoint{
		{Method: http.MethodGet, Path: "/api/v1/announcements", Scopes: domain.ScopeRead, Handle: empty},
		{Method: http.MethodGet, Path: "/api/v1/lists", Scopes: domain.ScopeReadLists, Handle: empty},
		{Method: http.MethodGet, Path: "/api/v1/conversations", Scopes: domain.ScopeReadStatuses, Handle: empty},
		{Method: http.MethodGet, Path: "/api/v1/followed_tags", Scopes: domain.ScopeReadFollows, Handle: empty},
		{Method: http.MethodGet, Path: "/api/v1/bookmarks", Scopes: domain.ScopeReadBookmarks, Handle: empty},
		{Method: http.MethodGet, Path: "/api/v1/preferences", Scopes: domain.ScopeReadAccounts,
			Handle: func(*Request) (any, error) {
				return Preferences{Visibility: VisibilityPublic, Language: ptr(memberLanguage), Media: "default"}, nil
			}},
	}
}
