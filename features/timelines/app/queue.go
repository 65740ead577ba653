package app

import (
	"context"

	"social/core/domain"
)

// Queue enqueues, in the transaction of ctx, the jobs that keep timelines
// in step with follows and blocks. The timelines module provides it; the
// features whose writes change who sees whom (follows, safety) take it
// from the graph.
type Queue interface {
	FanOutQueue
	// EnqueueBackfill asks for followee's recent posts in follower's
	// timeline.
	EnqueueBackfill(ctx context.Context, follower, followee domain.UserID) error
	// EnqueueRemoveAuthor asks for followee's posts out of follower's
	// timeline.
	EnqueueRemoveAuthor(ctx context.Context, follower, followee domain.UserID) error
}
