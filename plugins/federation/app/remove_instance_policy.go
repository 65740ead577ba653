package app

import (
	"context"
	"errors"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/ports"
	moderation "social/features/moderation/app"
)

// RemoveInstancePolicy lifts a domain's policy: it federates freely
// again (accounts removed by a suspension come back as they are met
// again). Staff only, with a reason, written to the audit log with the
// measures lifted.
type RemoveInstancePolicy struct {
	Store PolicyStore
	Audit ports.AuditLog
	Tx    ports.Transactor
	Clock ports.Clock
}

// Handle removes policy id.
func (uc *RemoveInstancePolicy) Handle(ctx context.Context, viewer domain.Viewer, id uuid.UUID, why string) error {
	if err := moderation.RequireStaff(viewer); err != nil {
		return err
	}
	reason, err := moderation.Reason(why)
	if err != nil {
		return err
	}
	return uc.Tx.InTx(ctx, func(ctx context.Context) error {
		p, err := uc.Store.LockPolicy(ctx, id)
		if errors.Is(err, domain.ErrNotFound) {
			return policyNotFound()
		}
		if err != nil {
			return err
		}
		if err := uc.Store.DeletePolicy(ctx, id); err != nil {
			return err
		}
		return uc.Audit.Record(ctx, domain.AuditEntry{Action: "federation.policy.remove", TargetType: "instance_policy",
			TargetID: p.ID.String(), Reason: &reason, At: uc.Clock.Now(), Details: policyDetails(p)}.ActorOf(viewer))
	})
}
