package ports

import (
	"context"

	"social/core/domain"
)

// AuditLog records moderators' and administrators' acts. Record joins the
// transaction of ctx, so an entry exists exactly when its act committed.
type AuditLog interface {
	Record(ctx context.Context, e domain.AuditEntry) error
}
