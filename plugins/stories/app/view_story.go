package app

import (
	"context"
	"errors"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/errs"
)

// ViewStory records that the viewer opened a story. Each member counts
// once; the author's own views do not count. The author hears
// story.viewed with the new count.
type ViewStory struct{ *Stories }

// Handle records the view and answers the story as the viewer sees it.
func (uc *ViewStory) Handle(ctx context.Context, viewer domain.Viewer, id uuid.UUID) (Story, error) {
	now := uc.Clock.Now()
	var (
		row   StoryRow
		count int
		added bool
	)
	err := uc.Tx.InTx(ctx, func(ctx context.Context) error {
		var err error
		if row, err = uc.readable(ctx, viewer, id); err != nil {
			return err
		}
		if row.AuthorID == viewer.UserID {
			return nil
		}
		added, err = uc.Store.AddView(ctx, id, viewer.UserID, now)
		if errors.Is(err, domain.ErrNotFound) {
			return notFound()
		}
		if errors.Is(err, ErrNoProfile) {
			return errs.Forbidden(CodeNoProfile, MsgNoProfile)
		}
		if err != nil || !added {
			return err
		}
		count, err = uc.Store.CountView(ctx, id)
		return err
	})
	if err != nil {
		return Story{}, err
	}
	row.Viewed = true
	if added {
		uc.publish(ctx, row.AuthorID, EventViewed, ViewedEvent{ID: id.String(), ViewCount: count})
	}
	return row.For(viewer.UserID), nil
}
