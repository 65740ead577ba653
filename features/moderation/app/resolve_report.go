package app

import (
	"context"
	"errors"
	"fmt"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
	notifications "social/features/notifications/app"
)

// ResolveReport closes an open report with an act: dismiss it (nothing
// else changes), remove the reported post, or suspend its author. Acting on
// a post closes every other open report against it as actioned too. The
// report's resolution, the act and both audit entries are one transaction,
// as are the notices: the reporters of an act are told it was acted on
// (a dismissal tells nobody), the author of a removed post that it was
// removed.
type ResolveReport struct {
	Tx      ports.Transactor
	Reports ReportStore
	Remove  *RemovePost
	Suspend *Suspend
	Audit   ports.AuditLog
	Clock   ports.Clock
}

// Handle resolves report id with action and an optional note.
func (uc *ResolveReport) Handle(ctx context.Context, actor domain.Viewer, id domain.ReportID, action, rawNote string) (domain.Report, error) {
	if err := RequireStaff(actor); err != nil {
		return domain.Report{}, err
	}
	if action != ResolveDismiss && action != ResolveRemovePost && action != ResolveSuspendAuthor {
		return domain.Report{}, errs.Invalid(CodeResolutionInvalid, MsgResolutionInvalid,
			map[string]string{"action": MsgResolutionInvalid})
	}
	n, err := note(rawNote)
	if err != nil {
		return domain.Report{}, err
	}
	var rep domain.Report
	var removed *domain.Post
	var suspended *domain.UserID
	var changes []notifications.Change
	err = uc.Tx.InTx(ctx, func(ctx context.Context) error {
		rep, err = uc.Reports.LockReport(ctx, id)
		if errors.Is(err, domain.ErrNotFound) {
			return errs.NotFound(CodeReportNotFound, MsgReportNotFound)
		}
		if err != nil {
			return err
		}
		if rep.Status != domain.ReportOpen {
			return errs.Conflict(CodeReportResolved, MsgReportResolved)
		}
		now := uc.Clock.Now()
		res := Resolution{Status: domain.ReportActioned, Action: action, Note: n, By: actor.UserID, At: now}
		if action == ResolveDismiss {
			res.Status = domain.ReportDismissed
		}
		if err := uc.Reports.Close(ctx, id, res); err != nil {
			return err
		}
		if action != ResolveDismiss {
			p, err := uc.reportedPost(ctx, rep)
			if err != nil {
				return err
			}
			why := actReason(rep, n)
			details := map[string]any{"report_id": id.String()}
			if action == ResolveRemovePost {
				if changes, err = uc.Remove.removeLocked(ctx, actor, p, why, details, rep.ReporterID); err != nil {
					return err
				}
				removed = &p
			} else {
				acc, err := uc.Suspend.Accounts.Lock(ctx, p.AuthorID)
				if err != nil {
					return err
				}
				if err := uc.Suspend.suspendLocked(ctx, actor, &acc, why, details); err != nil {
					return err
				}
				suspended = &acc.ID
				reporters, err := uc.Reports.CloseTarget(ctx, domain.ReportTargetPost, p.ID.String(), res)
				if err != nil {
					return err
				}
				if changes, err = tellReporters(ctx, uc.Remove.Notices, p.AuthorID, append(reporters, rep.ReporterID)); err != nil {
					return err
				}
			}
		}
		rep.Status, rep.ResolvedAt, rep.Resolution, rep.ResolutionNote = res.Status, &now, &action, n
		if !actor.UserID.IsZero() {
			by := actor.UserID
			rep.ResolvedBy = &by
		}
		details := map[string]any{"action": action, "target_type": rep.TargetType, "target_id": rep.TargetID.String()}
		return uc.Audit.Record(ctx, domain.AuditEntry{Action: ActionReportResolve, TargetType: "report",
			TargetID: id.String(), Reason: n, At: now, Details: details}.ActorOf(actor))
	})
	if _, ok := errs.As(err); ok {
		return domain.Report{}, err
	}
	if err != nil {
		return domain.Report{}, fmt.Errorf("resolve report %s: %w", id, err)
	}
	if removed != nil {
		uc.Remove.Removal.Announce(ctx, *removed)
	}
	uc.Remove.Announcer.Announce(ctx, changes...)
	if suspended != nil {
		uc.Suspend.sessionsEnded(ctx, *suspended)
	}
	return rep, nil
}

// reportedPost locks the post a report is about; comments and posts that
// are already gone cannot be acted on.
func (uc *ResolveReport) reportedPost(ctx context.Context, rep domain.Report) (domain.Post, error) {
	if rep.TargetType != domain.ReportTargetPost {
		return domain.Post{}, errs.Invalid(CodeResolutionNeedPost, MsgResolutionNeedPost, nil)
	}
	p, err := uc.Remove.Removal.Lock(ctx, domain.PostID(rep.TargetID))
	if errors.Is(err, domain.ErrNotFound) {
		return domain.Post{}, errs.Invalid(CodeResolutionNeedPost, MsgResolutionNeedPost, nil)
	}
	return p, err
}

// actReason is why the act is recorded: the moderator's note, else the
// reporter's reason, else a standard text.
func actReason(rep domain.Report, n *string) string {
	switch {
	case n != nil:
		return *n
	case rep.Reason != nil && *rep.Reason != "":
		return *rep.Reason
	}
	return MsgDefaultRemoval
}
