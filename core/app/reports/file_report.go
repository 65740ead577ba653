package reports

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
)

// ReportFiler stores a report once per (reporter, target): it answers the
// stored report and whether this call made it. A repeat leaves the first
// report as it was. ErrNoProfile when the reporter has no profile.
type ReportFiler interface {
	File(ctx context.Context, r domain.Report) (domain.Report, bool, error)
}

// Filed is a report and whether this call made it (false: the member had
// already reported the target).
type Filed struct {
	Report  domain.Report
	Created bool
}

// reason is the optional reason as stored: trimmed, nil when blank.
func reason(in *string) (*string, error) {
	if in == nil {
		return nil, nil
	}
	r := strings.TrimSpace(*in)
	if r == "" {
		return nil, nil
	}
	if domain.ReportReasonTooLong(r) {
		return nil, errs.Invalid(CodeReasonTooLong, MsgReasonTooLong, map[string]string{"reason": MsgReasonTooLong})
	}
	return &r, nil
}

// file stores the report of target by viewer.
func file(ctx context.Context, store ReportFiler, clock ports.Clock, viewer domain.Viewer,
	target domain.ReportTarget, id uuid.UUID, why *string) (Filed, error) {
	r := domain.Report{ID: domain.NewReportID(), ReporterID: viewer.UserID, TargetType: target, TargetID: id,
		Reason: why, Status: domain.ReportOpen, CreatedAt: clock.Now().UTC().Truncate(time.Microsecond)}
	stored, created, err := store.File(ctx, r)
	if errors.Is(err, ErrNoProfile) {
		return Filed{}, errs.Forbidden(CodeNoProfile, MsgNoProfile)
	}
	if err != nil {
		return Filed{}, fmt.Errorf("report %s %s: %w", target, id, err)
	}
	return Filed{Report: stored, Created: created}, nil
}
