package app

import (
	"context"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
)

// Unsuspend lifts a suspension: the member may sign in again and their
// posts come back to feeds and, once reindexed, to search. Sessions ended
// by the suspension stay ended.
type Unsuspend struct {
	Tx       ports.Transactor
	Accounts AccountStore
	Index    AuthorIndexQueue
	Audit    ports.AuditLog
	Clock    ports.Clock
}

// Handle lifts target's suspension, saying why.
func (uc *Unsuspend) Handle(ctx context.Context, actor domain.Viewer, target domain.UserID, why string) (domain.Account, error) {
	r, err := staffReason(actor, why)
	if err != nil {
		return domain.Account{}, err
	}
	acc, err := onLockedAccount(ctx, uc.Tx, uc.Accounts, target, func(ctx context.Context, acc *domain.Account) error {
		if err := mayActOnAccount(actor, *acc); err != nil {
			return err
		}
		if !acc.Suspended() {
			return errs.Conflict(CodeNotSuspended, MsgNotSuspended)
		}
		now := uc.Clock.Now()
		if err := uc.Accounts.SetSuspension(ctx, target, nil, nil, now); err != nil {
			return err
		}
		if err := uc.Index.EnqueueAuthorPosts(ctx, target); err != nil {
			return err
		}
		details := map[string]any{"email": acc.Email}
		if acc.SuspendedReason != nil {
			details["suspended_reason"] = *acc.SuspendedReason
		}
		acc.SuspendedAt, acc.SuspendedReason = nil, nil
		return uc.Audit.Record(ctx, domain.AuditEntry{Action: ActionAccountUnsuspend, TargetType: "account",
			TargetID: target.String(), Reason: &r, At: now, Details: details}.ActorOf(actor))
	})
	return acc, accountErr(err, "unsuspend", target)
}
