package app

import (
	"context"
	"fmt"

	"social/core/domain"
	"social/core/errs"
)

// WordRemover deletes one of a member's muted words; deleted is false
// when member has no word id.
type WordRemover interface {
	RemoveMutedWord(ctx context.Context, member domain.UserID, id domain.MutedWordID) (deleted bool, err error)
}

// RemoveMutedWord unmutes one of the viewer's words. A word that is gone,
// or is another member's, is not found: nobody learns of another's words.
type RemoveMutedWord struct{ Words WordRemover }

// Handle removes id.
func (uc *RemoveMutedWord) Handle(ctx context.Context, viewer domain.Viewer, id domain.MutedWordID) error {
	if !viewer.SignedIn() {
		return errs.Unauthenticated(CodeUnauthenticated, MsgNoUser)
	}
	deleted, err := uc.Words.RemoveMutedWord(ctx, viewer.UserID, id)
	if err != nil {
		return fmt.Errorf("unmute word %s of %s: %w", id, viewer.UserID, err)
	}
	if !deleted {
		return errs.NotFound(CodeWordNotFound, MsgWordNotFound)
	}
	return nil
}
