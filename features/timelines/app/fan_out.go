package app

import (
	"context"
	"fmt"

	"social/core/domain"
)

// Distributor writes a post into its author's timeline and the timelines
// of a batch of the author's followers (ordered by follower id, after
// after), returning the timelines written and the last follower of the
// batch (zero when none were left). For a pulled author's post it writes
// no follower's timeline, and placed is the batch: they read the post
// from the posts table, and are told of it as if it had been written.
type Distributor interface {
	FanOut(ctx context.Context, post domain.PostID, after domain.UserID, batch int) (placed Placed, last domain.UserID, err error)
}

// FanOut puts a new post into the timelines of its author and followers.
type FanOut struct {
	Store Distributor
	News  *HomeNews
}

// Handle walks the followers in batches; rows already written are kept,
// so a retried job finishes the work without duplicates. A post deleted
// meanwhile writes nothing.
func (uc *FanOut) Handle(ctx context.Context, post domain.PostID) error {
	var after domain.UserID
	for {
		placed, last, err := uc.Store.FanOut(ctx, post, after, FanOutBatch)
		if err != nil {
			return fmt.Errorf("fan out %s: %w", post, err)
		}
		uc.News.Tell(ctx, post, placed)
		if last.IsZero() {
			return nil
		}
		after = last
	}
}
