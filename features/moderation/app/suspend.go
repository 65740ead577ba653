package app

import (
	"context"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
)

// Suspend keeps a member out until it is lifted: the account is marked,
// every session ends (so every access token stops working at its next
// request), and their posts'
// search documents are reindexed, which drops them (feeds and post pages
// skip suspended authors in their queries). Once committed, the realtime
// gateways are told, and the member's open sockets close at once. Moderators suspend members;
// only administrators suspend moderators and administrators.
type Suspend struct {
	Tx       ports.Transactor
	Accounts AccountStore
	Sessions SessionRevoker
	Index    AuthorIndexQueue
	Audit    ports.AuditLog
	Clock    ports.Clock
	// Ends is nil where no gateway can be told (the command line): the
	// member's sockets then close at their periodic session recheck.
	Ends ports.SessionEnds
}

// Handle suspends target with a reason (1 to 500 characters).
func (uc *Suspend) Handle(ctx context.Context, actor domain.Viewer, target domain.UserID, why string) (domain.Account, error) {
	r, err := staffReason(actor, why)
	if err != nil {
		return domain.Account{}, err
	}
	if actor.UserID == target {
		return domain.Account{}, errs.Forbidden(CodeOwnAccount, MsgOwnAccount)
	}
	acc, err := onLockedAccount(ctx, uc.Tx, uc.Accounts, target, func(ctx context.Context, acc *domain.Account) error {
		return uc.suspendLocked(ctx, actor, acc, r, nil)
	})
	if err == nil {
		uc.sessionsEnded(ctx, target)
	}
	return acc, accountErr(err, "suspend", target)
}

// sessionsEnded tells the realtime gateways that user's sessions were
// revoked; call it after the commit.
func (uc *Suspend) sessionsEnded(ctx context.Context, user domain.UserID) {
	if uc.Ends != nil {
		uc.Ends.SessionsEnded(ctx, user)
	}
}

// suspendLocked suspends acc, whose row the transaction of ctx holds;
// details are added to the audit entry (a report's ID, say).
func (uc *Suspend) suspendLocked(ctx context.Context, actor domain.Viewer, acc *domain.Account, r string, details map[string]any) error {
	if err := mayActOnAccount(actor, *acc); err != nil {
		return err
	}
	if acc.Suspended() {
		return errs.Conflict(CodeAlreadySuspended, MsgAlreadySuspended)
	}
	now := uc.Clock.Now()
	if err := uc.Accounts.SetSuspension(ctx, acc.ID, &now, &r, now); err != nil {
		return err
	}
	if err := uc.Sessions.RevokeAll(ctx, acc.ID, now, RevokedSuspended); err != nil {
		return err
	}
	if err := uc.Index.EnqueueAuthorPosts(ctx, acc.ID); err != nil {
		return err
	}
	acc.SuspendedAt, acc.SuspendedReason = &now, &r
	if details == nil {
		details = map[string]any{}
	}
	details["email"] = acc.Email
	return uc.Audit.Record(ctx, domain.AuditEntry{Action: ActionAccountSuspend, TargetType: "account",
		TargetID: acc.ID.String(), Reason: &r, At: now, Details: details}.ActorOf(actor))
}
