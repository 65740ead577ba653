package app

import (
	"context"
	"time"

	"social/core/domain"
	"social/core/ports"
)

// Liker records a like once: the row and like_count move together, and a
// second like changes nothing. It answers whether this call made the row,
// and the post's like_count.
type Liker interface {
	Like(ctx context.Context, id domain.PostID, user domain.UserID, now time.Time) (made bool, likeCount int, err error)
}

// LikePost likes a post the viewer may see and notifies its author.
// Liking twice is the same as once.
type LikePost struct {
	LikeFlow
	Likes Liker
	Clock ports.Clock
}

// Handle likes and tells post:{id} the new count.
func (uc *LikePost) Handle(ctx context.Context, viewer domain.Viewer, id domain.PostID) (int, error) {
	// The notification follows the row: only the call that made the like
	// records it, and only the call that removed it retracts it. Their
	// order is the row's, as each waits on the other's lock.
	return uc.run(ctx, viewer, id, EventPostLiked, func(ctx context.Context) (bool, int, error) {
		return uc.Likes.Like(ctx, id, viewer.UserID, uc.Clock.Now())
	}, uc.Notices.Record)
}
