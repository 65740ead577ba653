package app

import (
	"context"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/errs"
	safety "social/features/safety/app"
)

// ListViewers answers who opened a story: its author only. A viewer in a
// block relation with the author (the view recorded before the block) is
// left out.
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
	ids := make([]domain.UserID, len(list))
	for i, v := range list {
		ids[i] = v.Profile.ID
	}
	blocked, err := safety.BlockedSet(ctx, uc.Safety, viewer.UserID, ids)
	if err != nil {
		return nil, errf("viewers of %s: %w", id, err)
	}
	out := list[:0]
	for _, v := range list {
		if !blocked[v.Profile.ID] {
			out = append(out, v)
		}
	}
	return out, nil
}
