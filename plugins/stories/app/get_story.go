package app

import (
	"context"

	"github.com/google/uuid"

	"social/core/domain"
)

// GetStory reads one live story: its author and their followers only.
type GetStory struct{ *Stories }

// Handle answers the story; anyone else gets story_not_found.
func (uc *GetStory) Handle(ctx context.Context, viewer domain.Viewer, id uuid.UUID) (Story, error) {
	row, err := uc.readable(ctx, viewer, id)
	if err != nil {
		return Story{}, err
	}
	return row.For(viewer.UserID), nil
}
