package app

import (
	"context"
	"errors"

	"social/core/domain"
	"social/core/errs"
	moderation "social/features/moderation/app"
)

// ForwardingReader reads a report's forwarding (domain.ErrNotFound
// before it is forwarded).
type ForwardingReader interface {
	Forwarding(ctx context.Context, id domain.ReportID) (Forwarding, error)
}

// ReportForwarding answers staff whether, where and when a report went on
// to the reported account's server, so the console shows the forwarding
// instead of offering it again.
type ReportForwarding struct {
	Store ForwardingReader
}

// Handle is report id's forwarding; not found while it was not forwarded.
func (uc *ReportForwarding) Handle(ctx context.Context, viewer domain.Viewer, id domain.ReportID) (Forwarding, error) {
	if err := moderation.RequireStaff(viewer); err != nil {
		return Forwarding{}, err
	}
	f, err := uc.Store.Forwarding(ctx, id)
	if errors.Is(err, domain.ErrNotFound) {
		return Forwarding{}, errs.NotFound(CodeReportNotForwarded, MsgReportNotForwarded)
	}
	return f, err
}
