package app

import (
	"context"
	"errors"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
	moderation "social/features/moderation/app"
)

// CreateInstancePolicy sets a policy on a domain that has none: staff
// only (administrators and moderators), with a reason, written to the
// audit log in the same transaction. Suspending queues the removal of
// the domain's remote accounts (their posts, follows and likes go).
type CreateInstancePolicy struct {
	Store PolicyStore
	Purge DomainPurger
	Audit ports.AuditLog
	Tx    ports.Transactor
	Clock ports.Clock
}

// Handle stores the policy and answers it.
func (uc *CreateInstancePolicy) Handle(ctx context.Context, viewer domain.Viewer, in PolicyInput) (InstancePolicy, error) {
	if err := moderation.RequireStaff(viewer); err != nil {
		return InstancePolicy{}, err
	}
	in, err := checkPolicy(in, moderation.Reason)
	if err != nil {
		return InstancePolicy{}, err
	}
	now := uc.Clock.Now()
	p := InstancePolicy{ID: uuid.New(), Domain: in.Domain, Suspend: in.Suspend, Silence: in.Silence,
		RejectMedia: in.RejectMedia, Reason: in.Reason, CreatedAt: now, UpdatedAt: now}
	err = uc.Tx.InTx(ctx, func(ctx context.Context) error {
		if err := uc.Store.InsertPolicy(ctx, p); err != nil {
			return err
		}
		if p.Suspend {
			if err := uc.Purge.EnqueuePurge(ctx, p.Domain); err != nil {
				return err
			}
		}
		return uc.Audit.Record(ctx, domain.AuditEntry{Action: "federation.policy.create", TargetType: "instance_policy",
			TargetID: p.ID.String(), Reason: &p.Reason, At: now, Details: policyDetails(p)}.ActorOf(viewer))
	})
	if errors.Is(err, ErrPolicyExists) {
		return InstancePolicy{}, errs.Conflict(CodePolicyExists, MsgPolicyExists)
	}
	if err != nil {
		return InstancePolicy{}, err
	}
	return p, nil
}
