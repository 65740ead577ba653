package app

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"

	"social/core/app/moderation"
	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
)

// PostLocator finds which community a post belongs to.
type PostLocator interface {
	PostCommunity(ctx context.Context, id uuid.UUID) (uuid.UUID, error)
}

// RemovePost is a moderator removing any community post for a reason:
// the same deletion as the author's (the row, its likes, the stored file
// through a job, community_post.deleted), and an audit entry keeping the
// text, in one transaction.
type RemovePost struct {
	*Posts
	Locate PostLocator
	Audit  ports.AuditLog
}

// Handle removes post id.
func (uc *RemovePost) Handle(ctx context.Context, viewer domain.Viewer, id uuid.UUID, why string) error {
	if err := moderation.RequireStaff(viewer); err != nil {
		return err
	}
	reason, err := moderation.Reason(why)
	if err != nil {
		return err
	}
	community, err := uc.Locate.PostCommunity(ctx, id)
	if errors.Is(err, domain.ErrNotFound) {
		return errs.NotFound(CodePostNotFound, MsgPostNotFound)
	}
	if err != nil {
		return fmt.Errorf("find community post %s: %w", id, err)
	}
	err = uc.Tx.InTx(ctx, func(ctx context.Context) error {
		c, err := uc.Store.Lock(ctx, community, KeyShare)
		if err != nil {
			return err
		}
		p, err := uc.Posts.Posts.LockPost(ctx, community, id)
		if err != nil {
			return err
		}
		if err := uc.Posts.Posts.DeletePost(ctx, p.ID); err != nil {
			return err
		}
		if p.MediaPath != nil {
			if err := uc.Media.EnqueueMediaDeletion(ctx, *p.MediaPath); err != nil {
				return err
			}
		}
		details := map[string]any{"community_id": c.ID.String(), "community_name": c.Name,
			"author_id": p.AuthorID.String(), "created_at": p.CreatedAt}
		if p.TextContent != nil {
			details["text"] = *p.TextContent
		}
		if p.MediaPath != nil {
			details["media_path"] = *p.MediaPath
		}
		return uc.Audit.Record(ctx, domain.AuditEntry{Action: "community_post.remove", TargetType: "community_post",
			TargetID: id.String(), Reason: &reason, At: uc.Clock.Now(), Details: details}.ActorOf(viewer))
	})
	if errors.Is(err, domain.ErrNotFound) {
		return errs.NotFound(CodePostNotFound, MsgPostNotFound)
	}
	if _, ok := errs.As(err); ok {
		return err
	}
	if err != nil {
		return fmt.Errorf("remove community post %s: %w", id, err)
	}
	publish(ctx, uc.Broadcaster, uc.Log, Topic(community), EventPostDeleted, map[string]string{"id": id.String()})
	return nil
}
