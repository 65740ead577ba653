package app

import (
	"context"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/errs"
)

// ListViewers answers who opened a story: its author only.
type ListViewers struct{ *Stories }

// Handle answers the viewers, latest first.
func (uc *ListViewers) Handle(ctx context.Context, viewer domain.Viewer, id uuid.UUID) ([]StoryViewer, error) {
	row, err := uc.readable(ctx, viewer, id)
	if err != nil {
		return nil, err
	}
	if row.AuthorID != viewer.UserID {
		return nil, errs.Forbidden(CodeAuthorOnly, MsgAuthorOnly)
	}
	list, err := uc.Store.Viewers(ctx, id, ViewersShown)
	if err != nil {
		return nil, errf("viewers of %s: %w", id, err)
	}
	return list, nil
}
