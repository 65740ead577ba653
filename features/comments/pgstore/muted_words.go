package pgstore

import (
	"context"

	"social/core/domain"
	safety "social/features/safety/app"
	"social/platform/pgkit"
)

// mutedWords is the matcher of viewer's muted words in force, which the
// threads leave out after each read (safety.Unmuted).
func (s *Comments) mutedWords(ctx context.Context, viewer domain.UserID) (*safety.MutedWords, error) {
	return safety.MutedWordsOf(ctx, viewer, func(ctx context.Context) ([]string, error) {
		return pgkit.MutedWordsInForce(ctx, s.db, viewer)
	})
}

// foldCharacters is how the database folds characters, for safety.Fold.
func (s *Comments) foldCharacters(ctx context.Context, chars []rune) ([]string, error) {
	return pgkit.FoldCharacters(ctx, s.db, chars)
}
