package pgstore

import (
	"context"

	"social/core/domain"
	safety "social/features/safety/app"
	"social/platform/pgkit"
)

// mutedWords is the matcher of viewer's muted words in force, which the
// feeds and lists leave out after each read (safety.Unmuted).
func (s *Posts) mutedWords(ctx context.Context, viewer domain.UserID) (*safety.MutedWords, error) {
	return safety.MutedWordsOf(ctx, viewer, func(ctx context.Context) ([]string, error) {
		return pgkit.MutedWordsInForce(ctx, s.db, viewer)
	})
}

// foldCharacters is how the database folds characters, for safety.Fold.
func (s *Posts) foldCharacters(ctx context.Context, chars []rune) ([]string, error) {
	return pgkit.FoldCharacters(ctx, s.db, chars)
}
