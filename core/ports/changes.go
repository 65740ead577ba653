package ports

import (
	"context"
	"fmt"

	"social/core/domain"
)

// ChangeKind names a kind of change the core tells its listeners of.
type ChangeKind string

// The changes told, each by the use case that makes it.
const (
	ChangePostCreated    ChangeKind = "post.created"
	ChangePostEdited     ChangeKind = "post.edited"
	ChangePostDeleted    ChangeKind = "post.deleted"
	ChangeCommentCreated ChangeKind = "comment.created"
	ChangeCommentDeleted ChangeKind = "comment.deleted"
	ChangeLikeAdded      ChangeKind = "like.added"
	ChangeLikeRemoved    ChangeKind = "like.removed"
	ChangeFollowAdded    ChangeKind = "follow.added"
	ChangeFollowRemoved  ChangeKind = "follow.removed"
	ChangeBlockAdded     ChangeKind = "block.added"
	ChangeBlockRemoved   ChangeKind = "block.removed"
	ChangeProfileUpdated ChangeKind = "profile.updated"
	ChangeAccountDeleted ChangeKind = "account.deleted"
)

// Change is one change, told inside the transaction that makes it. It
// names things, it does not carry them: a listener reads what it needs
// in the same transaction (it sees the change). Only what is gone after
// a deletion travels with it.
type Change struct {
	Kind ChangeKind
	// Actor is the profile whose doing it is: the post's author (also
	// when a moderator removes the post), the comment's author (also when
	// the post's author deletes it), the member who likes, follows or
	// blocks, whose profile or account changed.
	Actor domain.UserID
	// Post is the post of post.*, like.* and comment.*.
	Post domain.PostID
	// Comment is the comment of comment.*.
	Comment domain.CommentID
	// Target is the profile followed or blocked, and for like.* and
	// comment.* the post's author.
	Target domain.UserID
	// Visibility is the post's, for post.* and comment.* (a deleted post
	// or comment can no longer be read).
	Visibility domain.Visibility
}

// ChangeListener hears of the core's changes inside their transaction,
// the transactional outbox of the architecture: what it writes (a job, a
// row) commits or rolls back with the change. It must be quick (the
// member waits) and fail only when the database does: an error rolls the
// change back.
type ChangeListener interface {
	Changed(ctx context.Context, c Change) error
}

// Changes are the listeners a use case tells; none costs nothing.
type Changes []ChangeListener

// Tell tells every listener of c, in order, and stops at the first error.
func (cs Changes) Tell(ctx context.Context, c Change) error {
	for _, l := range cs {
		if err := l.Changed(ctx, c); err != nil {
			return fmt.Errorf("tell %s: %w", c.Kind, err)
		}
	}
	return nil
}
