package app

import (
	"context"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
	posts "social/features/posts/app"
)

// RemovePost deletes any member's post for a reason, through the same
// path as an author's deletion (counters, hashtags, search, the stored
// file, post.deleted). The audit entry keeps the post's text, author and
// file, since the row is gone; the post's open reports are closed as
// actioned in the same transaction.
type RemovePost struct {
	Tx      ports.Transactor
	Removal posts.Removal
	Reports ReportStore
	Audit   ports.AuditLog
	Clock   ports.Clock
}

// Handle removes post id, saying why.
func (uc *RemovePost) Handle(ctx context.Context, actor domain.Viewer, id domain.PostID, why string) error {
	r, err := staffReason(actor, why)
	if err != nil {
		return err
	}
	var p domain.Post
	err = uc.Tx.InTx(ctx, func(ctx context.Context) error {
		p, err = uc.Removal.Lock(ctx, id)
		if err != nil {
			return err
		}
		return uc.removeLocked(ctx, actor, p, r, map[string]any{})
	})
	return uc.Removal.Finish(ctx, p, err, errs.NotFound(CodePostNotFound, MsgPostNotFound), "remove post "+id.String())
}

// removeLocked removes p, locked in the transaction of ctx, and records it.
func (uc *RemovePost) removeLocked(ctx context.Context, actor domain.Viewer, p domain.Post, r string, details map[string]any) error {
	if err := uc.Removal.InTx(ctx, p); err != nil {
		return err
	}
	now := uc.Clock.Now()
	if _, err := uc.Reports.CloseTarget(ctx, domain.ReportTargetPost, p.ID.String(), Resolution{
		Status: domain.ReportActioned, Action: ResolveRemovePost, By: actor.UserID, At: now}); err != nil {
		return err
	}
	details["author_id"] = p.AuthorID.String()
	details["visibility"] = p.Visibility
	details["created_at"] = p.CreatedAt
	if p.TextContent != nil {
		details["text"] = *p.TextContent
	}
	if p.MediaPath != nil {
		details["media_path"] = *p.MediaPath
	}
	return uc.Audit.Record(ctx, domain.AuditEntry{Action: ActionPostRemove, TargetType: "post",
		TargetID: p.ID.String(), Reason: &r, At: now, Details: details}.ActorOf(actor))
}
