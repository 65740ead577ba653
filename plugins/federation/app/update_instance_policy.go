package app

import (
	"context"
	"errors"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/ports"
	moderation "social/features/moderation/app"
)

// UpdateInstancePolicy changes the measures of a domain's policy (its
// domain stays): staff only, with a reason, written to the audit log with
// the measures before and after. Turning suspension on queues the removal
// of the domain's remote accounts.
type UpdateInstancePolicy struct {
	Store PolicyStore
	Purge DomainPurger
	Audit ports.AuditLog
	Tx    ports.Transactor
	Clock ports.Clock
}

// Handle changes policy id and answers it.
func (uc *UpdateInstancePolicy) Handle(ctx context.Context, viewer domain.Viewer, id uuid.UUID, in PolicyInput) (InstancePolicy, error) {
	if err := moderation.RequireStaff(viewer); err != nil {
		return InstancePolicy{}, err
	}
	var out InstancePolicy
	err := uc.Tx.InTx(ctx, func(ctx context.Context) error {
		p, err := uc.Store.LockPolicy(ctx, id)
		if errors.Is(err, domain.ErrNotFound) {
			return policyNotFound()
		}
		if err != nil {
			return err
		}
		in.Domain = p.Domain
		if in, err = checkPolicy(in, moderation.Reason); err != nil {
			return err
		}
		before := policyDetails(p)
		wasSuspended := p.Suspend
		p.Suspend, p.Silence, p.RejectMedia, p.Reason, p.UpdatedAt = in.Suspend, in.Silence, in.RejectMedia, in.Reason,
			uc.Clock.Now()
		if err := uc.Store.UpdatePolicy(ctx, p); err != nil {
			return err
		}
		if p.Suspend && !wasSuspended {
			if err := uc.Purge.EnqueuePurge(ctx, p.Domain); err != nil {
				return err
			}
		}
		details := policyDetails(p)
		details["before"] = before
		out = p
		return uc.Audit.Record(ctx, domain.AuditEntry{Action: "federation.policy.update", TargetType: "instance_policy",
			TargetID: p.ID.String(), Reason: &p.Reason, At: p.UpdatedAt, Details: details}.ActorOf(viewer))
	})
	return out, err
}
