package app

import (
	"context"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/errs"
)

// LikePost likes or unlikes a community post; repeating either changes
// nothing, and like_count moves with the row.
type LikePost struct{ *Posts }

// Like likes and answers like_count.
func (uc *LikePost) Like(ctx context.Context, viewer domain.Viewer, id, postID uuid.UUID) (int, error) {
	return uc.toggle(ctx, viewer, id, postID, true)
}

// Unlike removes the viewer's like and answers like_count.
func (uc *LikePost) Unlike(ctx context.Context, viewer domain.Viewer, id, postID uuid.UUID) (int, error) {
	return uc.toggle(ctx, viewer, id, postID, false)
}

func (uc *LikePost) toggle(ctx context.Context, viewer domain.Viewer, id, postID uuid.UUID, like bool) (int, error) {
	if !viewer.SignedIn() {
		return 0, errs.Unauthenticated(CodeUnauthenticated, MsgNoUserLike)
	}
	var n int
	err := uc.write(ctx, viewer, id, func(ctx context.Context, _ Community) (err error) {
		if like {
			n, err = uc.Posts.Posts.Like(ctx, id, postID, viewer.UserID, uc.Clock.Now())
		} else {
			n, err = uc.Posts.Posts.Unlike(ctx, id, postID, viewer.UserID)
		}
		return err
	})
	if err != nil {
		return 0, err
	}
	event := EventPostUnliked
	if like {
		event = EventPostLiked
	}
	publish(ctx, uc.Broadcaster, uc.Log, Topic(id), event, map[string]any{"id": postID.String(), "like_count": n})
	return n, nil
}
