package app

import (
	"context"
	"time"

	"social/core/domain"
)

// What a moderator does with a report.
const (
	ResolveDismiss       = "dismiss"
	ResolveRemovePost    = "remove_post"
	ResolveSuspendAuthor = "suspend_author"
)

// MsgDefaultRemoval is the reason recorded when a report is resolved by an
// act without a note or a reporter's reason.
const MsgDefaultRemoval = "Violação das regras da comunidade (denúncia)."

// Resolution is how reports are closed.
type Resolution struct {
	Status domain.ReportStatus
	Action string
	Note   *string
	By     domain.UserID // zero for the operator
	At     time.Time
}

// ReportStore locks and closes reports.
type ReportStore interface {
	LockReport(ctx context.Context, id domain.ReportID) (domain.Report, error)
	// Close resolves one report.
	Close(ctx context.Context, id domain.ReportID, r Resolution) error
	// CloseTarget resolves every open report against one target and
	// returns the members who made them (one per report closed).
	CloseTarget(ctx context.Context, target domain.ReportTarget, targetID string, r Resolution) ([]domain.UserID, error)
}
