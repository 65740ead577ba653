package app

import (
	"context"

	"social/core/domain"
)

// Unliker removes a like once: the row and like_count move together
// (never below 0). It answers whether this call removed the row, and the
// post's like_count.
type Unliker interface {
	Unlike(ctx context.Context, id domain.PostID, user domain.UserID) (removed bool, likeCount int, err error)
}

// UnlikePost removes the viewer's like; without one it changes nothing.
type UnlikePost struct {
	LikeFlow
	Likes Unliker
}

// Handle unlikes and tells post:{id} the new count.
func (uc *UnlikePost) Handle(ctx context.Context, viewer domain.Viewer, id domain.PostID) (int, error) {
	// An unlike that removed nothing retracts nothing: a like committed
	// meanwhile, which this statement could not see, keeps its
	// notification. One that removed the like leaves no stale "liked your
	// post" behind.
	return uc.run(ctx, viewer, id, EventPostUnliked, func(ctx context.Context) (bool, int, error) {
		return uc.Likes.Unlike(ctx, id, viewer.UserID)
	}, uc.Notices.Retract)
}
