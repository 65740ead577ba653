package app

import (
	"context"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/errs"
)

// DeleteStory removes a story before its time: its author only. Whoever
// could see it hears story.deleted.
type DeleteStory struct{ *Stories }

// Handle deletes the story and its views.
func (uc *DeleteStory) Handle(ctx context.Context, viewer domain.Viewer, id uuid.UUID) error {
	row, err := uc.readable(ctx, viewer, id)
	if err != nil {
		return err
	}
	if row.AuthorID != viewer.UserID {
		return errs.Forbidden(CodeAuthorOnly, MsgAuthorOnly)
	}
	if err := uc.Store.Delete(ctx, id); err != nil {
		return errf("delete story %s: %w", id, err)
	}
	uc.tellFollowers(ctx, row.AuthorID, EventDeleted, CreatedEvent{ID: id.String(), AuthorID: row.AuthorID.String()})
	return nil
}
