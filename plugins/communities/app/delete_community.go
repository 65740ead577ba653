package app

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
)

// DeleteCommunity deletes a community with its members, posts and likes,
// for its owner only; its posts' files, its picture and its search
// document follow through jobs enqueued in the same transaction.
type DeleteCommunity struct {
	Tx       ports.Transactor
	Store    CommunityStore
	Media    MediaQueue
	Pictures PictureQueue
	Search   ports.SearchIndexQueue
	// Access, when set, ends the community's live subscriptions.
	Access ports.AccessChanges
}

// Handle deletes; anyone but the owner is refused (403).
func (uc *DeleteCommunity) Handle(ctx context.Context, viewer domain.Viewer, id uuid.UUID) error {
	if !viewer.SignedIn() {
		return errs.Unauthenticated(CodeUnauthenticated, MsgNoUser)
	}
	err := uc.Tx.InTx(ctx, func(ctx context.Context) error {
		c, err := uc.Store.Lock(ctx, id, Update)
		if err != nil {
			return err
		}
		if c.OwnerID != viewer.UserID {
			return errs.Forbidden(CodeNotOwner, MsgNotOwnerDelete)
		}
		keys, err := uc.Store.Delete(ctx, id)
		if err != nil {
			return err
		}
		for _, k := range keys {
			if err := uc.Media.EnqueueMediaDeletion(ctx, k); err != nil {
				return err
			}
		}
		if err := forgetPicture(ctx, uc.Pictures, c); err != nil {
			return err
		}
		if uc.Access != nil {
			uc.Access.TopicAccessChanged(ctx, Topic(id))
		}
		return indexCommunity(ctx, uc.Search, id)
	})
	if errors.Is(err, domain.ErrNotFound) {
		return notFound()
	}
	if _, ok := errs.As(err); ok {
		return err
	}
	if err != nil {
		return fmt.Errorf("delete community %s: %w", id, err)
	}
	return nil
}
