package app

import (
	"context"
	"fmt"
	"time"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
)

// WordLister reads a member's muted words still in force at now, newest
// first (there are at most MaxMutedWords).
type WordLister interface {
	MutedWords(ctx context.Context, member domain.UserID, now time.Time) ([]domain.MutedWord, error)
}

// ListMutedWords reads the viewer's muted words; expired ones are gone.
type ListMutedWords struct {
	Words WordLister
	Clock ports.Clock
}

// Handle returns the viewer's words.
func (uc *ListMutedWords) Handle(ctx context.Context, viewer domain.Viewer) ([]domain.MutedWord, error) {
	if !viewer.SignedIn() {
		return nil, errs.Unauthenticated(CodeUnauthenticated, MsgNoUser)
	}
	words, err := uc.Words.MutedWords(ctx, viewer.UserID, uc.Clock.Now())
	if err != nil {
		return nil, fmt.Errorf("muted words of %s: %w", viewer.UserID, err)
	}
	return words, nil
}
