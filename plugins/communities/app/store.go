package app

import (
	"context"
	"errors"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
)

// Lock is the row lock a read takes inside a transaction. Every unit of work
// locks the community row before membership rows, and membership rows before
// posts, so that concurrent ones queue instead of deadlocking.
type Lock string

// Locks, weakest first.
const (
	NoLock      Lock = ""
	KeyShare    Lock = "KEY SHARE"     // the community must stay (post writes)
	Share       Lock = "SHARE"         // the membership must stay (post writes)
	NoKeyUpdate Lock = "NO KEY UPDATE" // membership changes and member_count
	Update      Lock = "UPDATE"        // deleting the row
)

// ErrNoProfile is a write naming a member without a profile row.
var ErrNoProfile = errors.New("no profile")

// CommunityStore reads and writes communities. Reads answer
// domain.ErrNotFound for a missing community.
type CommunityStore interface {
	// Insert stores c unless its name (any case) is taken: inserted is
	// false then. ErrNoProfile when the owner has no profile.
	Insert(ctx context.Context, c Community) (inserted bool, err error)
	// Get reads c with its owner and viewer's membership.
	Get(ctx context.Context, id uuid.UUID, viewer domain.UserID) (Community, error)
	// List reads at most limit communities matching q (case and accents
	// ignored, name or description; "" for all), most members first.
	List(ctx context.Context, viewer domain.UserID, q string, limit int) ([]Community, error)
	// Lock reads the community's own fields, locking its row with lock.
	Lock(ctx context.Context, id uuid.UUID, lock Lock) (Community, error)
	// Delete removes the community with its members, posts and likes, and
	// answers the storage keys of its posts' files.
	Delete(ctx context.Context, id uuid.UUID) (mediaKeys []string, err error)
	// AddMembers moves member_count by delta and answers it.
	AddMembers(ctx context.Context, id uuid.UUID, delta int) (int, error)
}

// MemberStore reads and writes membership rows.
type MemberStore interface {
	// Membership is user's row in community (nil when none), locked with lock.
	Membership(ctx context.Context, community uuid.UUID, user domain.UserID, lock Lock) (*Member, error)
	// Member reads one row of community with its profile, locked with lock;
	// domain.ErrNotFound when it is not there.
	Member(ctx context.Context, community, id uuid.UUID, lock Lock) (Member, error)
	// Members lists the rows of status, oldest joined_at first.
	Members(ctx context.Context, community uuid.UUID, status Status) ([]Member, error)
	// InsertMember adds a row; ErrNoProfile when the member has no profile.
	InsertMember(ctx context.Context, m Member) error
	// UpdateMember writes role, status and joined_at.
	UpdateMember(ctx context.Context, m Member) error
	DeleteMember(ctx context.Context, id uuid.UUID) error
}

// MediaQueue enqueues, in the transaction of ctx, the deletion of a stored
// file (the core's posts.delete_media job).
type MediaQueue interface {
	EnqueueMediaDeletion(ctx context.Context, key string) error
}

func newID() uuid.UUID { return uuid.Must(uuid.NewV7()) }

// notFound is the answer to a community that does not exist.
func notFound() error { return errs.NotFound(CodeNotFound, MsgNotFound) }

func noProfile() error { return errs.Forbidden(CodeNoProfile, MsgNoProfile) }

func forbidden() error { return errs.Forbidden(CodeForbidden, MsgForbidden) }

func membersOnly() error { return errs.Forbidden(CodeMembersOnly, MsgMembersOnly) }

// SearchKind is the search kind the plugin contributes: its communities,
// found by name and description (the API's result type "community").
const SearchKind ports.SearchKind = "community"

// indexCommunity asks search to reread the community.
func indexCommunity(ctx context.Context, q ports.SearchIndexQueue, id uuid.UUID) error {
	return q.EnqueueIndex(ctx, SearchKind, id.String())
}

// publish tells topic after a commit; delivery is best effort.
func publish(ctx context.Context, b ports.Broadcaster, log interface {
	WarnContext(ctx context.Context, msg string, args ...any)
}, topic, event string, data any, about ...domain.UserID) {
	if err := b.Publish(ctx, topic, ports.Event{Type: event, Data: data, About: about}); err != nil {
		log.WarnContext(ctx, "publish "+event, "topic", topic, "err", err)
	}
}
