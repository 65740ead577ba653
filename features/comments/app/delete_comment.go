package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
)

// CommentDeleter locks a comment (its post first, the order a post's own
// deletion takes, so the two never deadlock) and deletes it, taking one
// from its post's comment_count (never below 0), which it answers.
type CommentDeleter interface {
	// Lock reads the comment as viewer sees it and locks it with its post.
	Lock(ctx context.Context, id domain.CommentID, viewer domain.UserID) (domain.CommentItem, error)
	Delete(ctx context.Context, c domain.Comment) (int, error)
}

// DeleteComment deletes a comment, for its author or the post's author.
type DeleteComment struct {
	Tx          ports.Transactor
	Comments    CommentDeleter
	Broadcaster ports.Broadcaster
	// Changes hear of the deletion in its transaction.
	Changes ports.Changes
	Log     *slog.Logger
}

// Handle checks who asks, deletes in one transaction, then tells post:{id}.
func (uc *DeleteComment) Handle(ctx context.Context, viewer domain.Viewer, id domain.CommentID) error {
	if !viewer.SignedIn() {
		return errs.Unauthenticated(CodeUnauthenticated, MsgNoUserDelete)
	}
	var (
		c domain.CommentItem
		n int
	)
	err := uc.Tx.InTx(ctx, func(ctx context.Context) (err error) {
		c, err = uc.Comments.Lock(ctx, id, viewer.UserID)
		if err != nil {
			return err
		}
		if !c.VisibleTo(viewer) {
			return domain.ErrNotFound
		}
		if !c.DeletableBy(viewer) {
			return errs.Forbidden(CodeNotAuthor, MsgNotAuthor)
		}
		if n, err = uc.Comments.Delete(ctx, c.Comment); err != nil {
			return err
		}
		return uc.Changes.Tell(ctx, ports.Change{Kind: ports.ChangeCommentDeleted, Actor: c.AuthorID, Post: c.PostID,
			Comment: c.ID, Target: c.PostAuthorID, Visibility: c.PostVisibility})
	})
	if errors.Is(err, domain.ErrNotFound) {
		return errs.NotFound(CodeNotFound, MsgNotFound)
	}
	if _, ok := errs.As(err); ok {
		return err
	}
	if err != nil {
		return fmt.Errorf("delete comment %s: %w", id, err)
	}
	publish(ctx, uc.Broadcaster, uc.Log, EventCommentDeleted, c.PostID, c.ID, n, c.AuthorID)
	return nil
}
