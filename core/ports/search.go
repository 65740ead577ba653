package ports

import "context"

// SearchKind is what a search document describes.
type SearchKind string

const (
	SearchUser      SearchKind = "user"
	SearchPost      SearchKind = "post"
	SearchCommunity SearchKind = "community"
)

// SearchKinds are every kind, in the order results are shown.
var SearchKinds = []SearchKind{SearchUser, SearchCommunity, SearchPost}

// Valid reports whether k is one of SearchKinds.
func (k SearchKind) Valid() bool {
	return k == SearchUser || k == SearchPost || k == SearchCommunity
}

// SearchDoc is one searchable thing, with what a result shows of it. Only
// the fields of its Kind are meaningful:
//   - user: Handle, DisplayName, AvatarPath (storage key), Verified;
//   - post: Text, AuthorHandle, AuthorDisplayName, Public;
//   - community: Name, Description, MemberCount.
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

// Searchable reports whether d may be found at all: users and communities
// always, posts only when public.
func (d SearchDoc) Searchable() bool {
	return d.Kind != SearchPost || d.Public
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
	// Search returns at most limitPerKind documents of each kind.
	Search(ctx context.Context, query string, limitPerKind int) (SearchResults, error)
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
