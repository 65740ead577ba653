package app

import (
	"context"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/errs"
)

// DeletePost deletes a community post, for its author or the community's
// owner; its file goes through a job enqueued in the same transaction.
type DeletePost struct{ *Posts }

// Handle deletes, then tells the community.
func (uc *DeletePost) Handle(ctx context.Context, viewer domain.Viewer, id, postID uuid.UUID) error {
	if !viewer.SignedIn() {
		return errs.Unauthenticated(CodeUnauthenticated, MsgNoUserDeletePost)
	}
	err := uc.write(ctx, viewer, id, func(ctx context.Context, c Community) error {
		p, err := uc.Posts.Posts.LockPost(ctx, id, postID)
		if err != nil {
			return err
		}
		if p.AuthorID != viewer.UserID && c.OwnerID != viewer.UserID {
			return errs.Forbidden(CodePostNotAuthor, MsgNotPostAuthor)
		}
		if err := uc.Posts.Posts.DeletePost(ctx, p.ID); err != nil {
			return err
		}
		if p.MediaPath != nil {
			return uc.Media.EnqueueMediaDeletion(ctx, *p.MediaPath)
		}
		return nil
	})
	if err != nil {
		return err
	}
	publish(ctx, uc.Broadcaster, uc.Log, Topic(id), EventPostDeleted, map[string]string{"id": postID.String()})
	return nil
}
