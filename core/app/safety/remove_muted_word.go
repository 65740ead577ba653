package safety

import (
	"context"
	"fmt"

	"social/core/domain"
	"social/core/errs"
)

// WordRemover deletes one of a member's muted words.
type WordRemover interface {
	RemoveMutedWord(ctx context.Context, member domain.UserID, id domain.MutedWordID) error
}

// RemoveMutedWord unmutes one of the viewer's words. Removing a word that
// is gone (or never was the viewer's) changes nothing and is no error.
type RemoveMutedWord struct{ Words WordRemover }

// Handle removes id.
func (uc *RemoveMutedWord) Handle(ctx context.Context, viewer domain.Viewer, id domain.MutedWordID) error {
	if !viewer.SignedIn() {
		return errs.Unauthenticated(CodeUnauthenticated, MsgNoUser)
	}
	if err := uc.Words.RemoveMutedWord(ctx, viewer.UserID, id); err != nil {
		return fmt.Errorf("unmute word %s of %s: %w", id, viewer.UserID, err)
	}
	return nil
}
