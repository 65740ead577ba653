package app

import (
	"context"
	"time"

	"social/core/domain"
	"social/core/ports"
)

// VerifiedStore locks a profile and sets its verified flag.
type VerifiedStore interface {
	LockProfile(ctx context.Context, id domain.UserID) (domain.Profile, error)
	SetVerified(ctx context.Context, id domain.UserID, verified bool, at time.Time) error
}

// SetVerified gives or takes the 'Verified' badge: administrators only.
// Search shows the badge, so the member's document is reindexed in the
// same transaction.
type SetVerified struct {
	Tx       ports.Transactor
	Profiles VerifiedStore
	Search   ports.SearchIndexQueue
	Audit    ports.AuditLog
	Clock    ports.Clock
}

// Handle sets the flag; setting it to what it is records nothing.
func (uc *SetVerified) Handle(ctx context.Context, actor domain.Viewer, target domain.UserID, verified bool) (domain.Profile, error) {
	if err := RequireAdmin(actor); err != nil {
		return domain.Profile{}, err
	}
	var p domain.Profile
	err := uc.Tx.InTx(ctx, func(ctx context.Context) error {
		var err error
		p, err = uc.Profiles.LockProfile(ctx, target)
		if err != nil || p.IsVerified == verified {
			return err
		}
		now := uc.Clock.Now()
		if err := uc.Profiles.SetVerified(ctx, target, verified, now); err != nil {
			return err
		}
		if err := uc.Search.EnqueueIndex(ctx, ports.SearchUser, target.String()); err != nil {
			return err
		}
		p.IsVerified = verified
		return uc.Audit.Record(ctx, domain.AuditEntry{Action: ActionAccountVerify, TargetType: "account",
			TargetID: target.String(), At: now,
			Details: map[string]any{"handle": p.Handle, "verified": verified}}.ActorOf(actor))
	})
	return p, accountErr(err, "set verified of", target)
}
