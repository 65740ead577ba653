package app

import (
	"context"
	"fmt"

	"social/core/domain"
)

// InlineFanOut is the most followers an author may have for a new post of
// theirs to be written into every timeline in the post's own transaction.
// Beyond it the fan-out is a job. A row costs about 9 µs; a job costs its
// insert, its fetch, its completion and a transaction of its own, which
// were most of the database's work on a post for the typical author (a few
// dozen followers), and made followers wait for the queue.
const InlineFanOut = 200

// NewPostPlacer writes a new post into timelines in the transaction of ctx.
type NewPostPlacer interface {
	// FanOutNow writes post into its author's and every follower's
	// timeline when the author has at most limit followers; written is
	// false, and nothing was written, otherwise.
	// placed is the timelines written.
	FanOutNow(ctx context.Context, post domain.PostID, limit int) (written bool, placed Placed, err error)
	// PullIfAbove marks post's author pulled when they have more than
	// limit followers or were pulled already, and then writes post into
	// the author's own timeline only; pulled is false, and nothing was
	// written, otherwise. placed is the author's timeline when written.
	PullIfAbove(ctx context.Context, post domain.PostID, limit int) (pulled bool, placed Placed, err error)
}

// FanOutQueue enqueues the fan-out job of a post in the transaction of ctx.
type FanOutQueue interface {
	EnqueueFanOut(ctx context.Context, post domain.PostID) error
}

// PlaceNewPost puts a new post into timelines from the transaction that
// creates it: at once for a small audience, by the fan-out job for a large
// one, and for an author above PullAbove followers nowhere but their own
// (their followers read it from the posts at once; the job only tells them).
//
// Writing at once misses no follower. The post's transaction has locked its
// author's profile row (the post count) before this runs, and a follow or
// unfollow changes the same row (the follower count): whichever commits
// second sees the other. A follow that committed first is in the rows
// written here; one that waited behind the post is followed by its
// backfill job, which reads the committed post.
type PlaceNewPost struct {
	Store NewPostPlacer
	Queue FanOutQueue
	// PullAbove is the most followers an author may have for their new
	// posts to be written into their followers' timelines
	// (timelines.pull_above_followers); above it they are pulled (see the
	// package comment). At about 9 µs a row, a post written into 5,000
	// timelines costs the database some 45 ms, while a reader pays one
	// index range per pulled author they follow, so few authors should be
	// above it. Zero pulls nobody.
	PullAbove int
	News      *HomeNews
}

// Handle writes the rows or enqueues the job.
func (uc *PlaceNewPost) Handle(ctx context.Context, post domain.PostID) error {
	written, placed, err := uc.Store.FanOutNow(ctx, post, InlineFanOut)
	if err != nil {
		return fmt.Errorf("place post %s in timelines: %w", post, err)
	}
	if written {
		uc.News.Tell(ctx, post, placed)
		return nil
	}
	if uc.PullAbove > 0 {
		pulled, placed, err := uc.Store.PullIfAbove(ctx, post, uc.PullAbove)
		if err != nil {
			return fmt.Errorf("place post %s of a pulled author: %w", post, err)
		}
		if pulled {
			uc.News.Tell(ctx, post, placed)
		}
	}
	return uc.Queue.EnqueueFanOut(ctx, post)
}
