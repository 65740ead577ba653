package app

import (
	"context"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
	notifications "social/features/notifications/app"
	posts "social/features/posts/app"
)

// RemovePost deletes any member's post for a reason, through the same
// path as an author's deletion (counters, hashtags, search, the stored
// file, post.deleted). The audit entry keeps the post's text, author and
// file, since the row is gone; the post's open reports are closed as
// actioned in the same transaction. The author is told with a notice
// keeping the post's excerpt (the post is gone), and each member who
// reported it that their report was acted on.
type RemovePost struct {
	Tx      ports.Transactor
	Removal posts.Removal
	Reports ReportStore
	Audit   ports.AuditLog
	Clock   ports.Clock
	// Notices records the notices in the removal's transaction;
	// Announcer tells the members' open screens after commit.
	Notices   *notifications.Recorder
	Announcer *notifications.Announcer
}

// Handle removes post id, saying why.
func (uc *RemovePost) Handle(ctx context.Context, actor domain.Viewer, id domain.PostID, why string) error {
	r, err := staffReason(actor, why)
	if err != nil {
		return err
	}
	var p domain.Post
	var changes []notifications.Change
	err = uc.Tx.InTx(ctx, func(ctx context.Context) error {
		p, err = uc.Removal.Lock(ctx, id)
		if err != nil {
			return err
		}
		changes, err = uc.removeLocked(ctx, actor, p, r, map[string]any{})
		return err
	})
	if err := uc.Removal.Finish(ctx, p, err, errs.NotFound(CodePostNotFound, MsgPostNotFound), "remove post "+id.String()); err != nil {
		return err
	}
	uc.Announcer.Announce(ctx, changes...)
	return nil
}

// removeLocked removes p, locked in the transaction of ctx, records it and
// tells its author and reporters (besides also, who reported it through
// a report closed before); the notices to announce after commit are
// returned.
func (uc *RemovePost) removeLocked(ctx context.Context, actor domain.Viewer, p domain.Post, r string, details map[string]any,
	also ...domain.UserID) ([]notifications.Change, error) {
	if err := uc.Removal.InTx(ctx, p); err != nil {
		return nil, err
	}
	now := uc.Clock.Now()
	reporters, err := uc.Reports.CloseTarget(ctx, domain.ReportTargetPost, p.ID.String(), Resolution{
		Status: domain.ReportActioned, Action: ResolveRemovePost, By: actor.UserID, At: now})
	if err != nil {
		return nil, err
	}
	text := ""
	if p.TextContent != nil {
		text = *p.TextContent
	}
	changes, err := uc.Notices.Tell(ctx, notifications.SystemNotice{Recipient: p.AuthorID, Kind: domain.NoticePostRemoved, Text: text})
	if err != nil {
		return nil, err
	}
	told, err := tellReporters(ctx, uc.Notices, p.AuthorID, append(also, reporters...))
	if err != nil {
		return nil, err
	}
	changes = append(changes, told...)
	details["author_id"] = p.AuthorID.String()
	details["visibility"] = p.Visibility
	details["created_at"] = p.CreatedAt
	if p.TextContent != nil {
		details["text"] = *p.TextContent
	}
	if p.MediaPath != nil {
		details["media_path"] = *p.MediaPath
	}
	return changes, uc.Audit.Record(ctx, domain.AuditEntry{Action: ActionPostRemove, TargetType: "post",
		TargetID: p.ID.String(), Reason: &r, At: now, Details: details}.ActorOf(actor))
}

// tellReporters tells each member who reported author's content, once,
// that their report was acted on. The notice names neither the act nor
// whom it was about: the reporter learns only that the moderators acted.
func tellReporters(ctx context.Context, notices *notifications.Recorder, author domain.UserID, reporters []domain.UserID) ([]notifications.Change, error) {
	var changes []notifications.Change
	seen := map[domain.UserID]bool{author: true}
	for _, who := range reporters {
		if seen[who] {
			continue
		}
		seen[who] = true
		c, err := notices.Tell(ctx, notifications.SystemNotice{Recipient: who, Kind: domain.NoticeReportResolved})
		if err != nil {
			return nil, err
		}
		changes = append(changes, c...)
	}
	return changes, nil
}
