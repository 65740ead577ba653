package ports

import (
	"context"
	"slices"
)

// SearchKind is what a search document describes. The core owns users and
// posts; every other kind is contributed by a plugin (plugin.SearchSource)
// and describes a named thing: Name, Description and MemberCount.
type SearchKind string

const (
	SearchUser SearchKind = "user"
	SearchPost SearchKind = "post"
)

// SearchKindsWith are the kinds in the order results are shown: users, the
// contributed kinds in the order given (each once), then posts.
func SearchKindsWith(contributed ...SearchKind) []SearchKind {
	kinds := []SearchKind{SearchUser}
	for _, k := range contributed {
		if k != "" && k != SearchPost && !slices.Contains(kinds, k) {
			kinds = append(kinds, k)
		}
	}
	return append(kinds, SearchPost)
}

// SearchDoc is one searchable thing, with what a result shows of it. Only
// the fields of its Kind are meaningful:
//   - user: Handle, DisplayName, AvatarPath (storage key), Verified;
//   - post: Text, AuthorHandle, AuthorDisplayName, Public;
//   - any other kind: Name, Description, MemberCount.
type SearchDoc struct {
	Kind SearchKind `json:"kind"`
	ID   string     `json:"id"`

	Handle      string `json:"handle,omitempty"`
	DisplayName string `json:"display_name,omitempty"`
	AvatarPath  string `json:"avatar_path,omitempty"`
	Verified    bool   `json:"verified,omitempty"`

	Text              string `json:"text,omitempty"`
	AuthorHandle      string `json:"author_handle,omitempty"`
	AuthorDisplayName string `json:"author_display_name,omitempty"`
	// Public is false for a post only its author's circle may read: such a
	// post is never stored, so it can never be found.
	Public bool `json:"public,omitempty"`

	Name        string `json:"name,omitempty"`
	Description string `json:"description,omitempty"`
	MemberCount int    `json:"member_count,omitempty"`
}

// Searchable reports whether d may be found at all: posts only when
// public, every other kind always.
func (d SearchDoc) Searchable() bool {
	return d.Kind != SearchPost || d.Public
}

// IndexedNames is what a query matches by names (a word's beginning, or a
// part of it): a user's handle and display name, another kind's name;
// nothing of a post.
func (d SearchDoc) IndexedNames() string {
	switch d.Kind {
	case SearchUser:
		return d.Handle + " " + d.DisplayName
	case SearchPost:
		return ""
	}
	return d.Name
}

// IndexedText is what a query matches as Portuguese words: a post's text,
// another kind's name and description; nothing of a user.
func (d SearchDoc) IndexedText() string {
	switch d.Kind {
	case SearchUser:
		return ""
	case SearchPost:
		return d.Text
	}
	return d.Name + "\n" + d.Description
}

// SearchResults are the best matches of each kind, best first.
type SearchResults map[SearchKind][]SearchDoc

// SearchIndex keeps documents searchable. It is derived data: PostgreSQL is
// the system of record, and the index can always be rebuilt from it.
//
// Search folds case and accents ('joao' finds 'João'), matches Portuguese
// word forms ('comunidades' finds 'comunidade') and prefixes of handles and
// names ('ana_s' finds 'ana_silva'). The query is plain text: no character
// has a special meaning, and a blank query finds nothing.
type SearchIndex interface {
	// Upsert stores docs, replacing documents of the same kind and ID. A
	// document that is not Searchable is removed instead.
	Upsert(ctx context.Context, docs ...SearchDoc) error
	// Delete removes the documents of kind with ids; unknown ids are fine.
	Delete(ctx context.Context, kind SearchKind, ids ...string) error
	// Search returns at most limitPerKind documents of each of kinds: users
	// matched by IndexedNames, posts by IndexedText, any other kind by
	// either.
	Search(ctx context.Context, query string, kinds []SearchKind, limitPerKind int) (SearchResults, error)
	// Reset removes every document (before a rebuild).
	Reset(ctx context.Context) error
}

// SearchIndexQueue asks for one document to be brought up to date with the
// database. Called inside a unit of work (ports.Transactor), the request is
// stored in that transaction: it exists only if the change was committed,
// and survives a crash until a worker has handled it.
type SearchIndexQueue interface {
	EnqueueIndex(ctx context.Context, kind SearchKind, id string) error
}
