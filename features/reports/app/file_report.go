package app

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
	push "social/features/push/app"
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

// target is what a member reports: its kind and ID, and the refusals when
// it is missing or hidden from the viewer, or is the viewer's own.
type target struct {
	kind     domain.ReportTarget
	id       uuid.UUID
	notFound error
	own      error
}

// readTarget reads a target as the viewer sees it: who wrote it, and
// whether the viewer may read it.
type readTarget func(ctx context.Context) (author domain.UserID, visible bool, err error)

// Filing is what every kind of report is filed with: the store of reports
// and the clock of their creation.
type Filing struct {
	Reports ReportFiler
	Clock   ports.Clock
	// Tx and Staff, when set, tell the moderators' devices of a new
	// report in the transaction that files it.
	Tx    ports.Transactor
	Staff StaffPusher
}

// StaffPusher tells the staff's devices of something to moderate (the
// push feature's Fanout).
type StaffPusher interface {
	PushStaff(ctx context.Context, c push.Content, topic string) error
}

// file applies the rules every report shares (a signed-in member, a
// target they may read and did not write, a reason within its limit) and
// stores the report. Reporting again answers the first report.
func (f Filing) file(ctx context.Context, viewer domain.Viewer, t target, read readTarget, why *string) (Filed, error) {
	if !viewer.SignedIn() {
		return Filed{}, errs.Unauthenticated(CodeUnauthenticated, MsgNoUser)
	}
	author, visible, err := read(ctx)
	if errors.Is(err, domain.ErrNotFound) || (err == nil && !visible) {
		return Filed{}, t.notFound
	}
	if err != nil {
		return Filed{}, fmt.Errorf("read %s %s: %w", t.kind, t.id, err)
	}
	if author == viewer.UserID {
		return Filed{}, t.own
	}
	r, err := reason(why)
	if err != nil {
		return Filed{}, err
	}
	report := domain.Report{ID: domain.NewReportID(), ReporterID: viewer.UserID,
		TargetType: t.kind, TargetID: t.id, Reason: r, Status: domain.ReportOpen,
		CreatedAt: f.Clock.Now().UTC().Truncate(time.Microsecond)}
	var stored domain.Report
	var created bool
	if f.Tx == nil || f.Staff == nil {
		stored, created, err = f.Reports.File(ctx, report)
	} else {
		err = f.Tx.InTx(ctx, func(ctx context.Context) error {
			var err error
			if stored, created, err = f.Reports.File(ctx, report); err != nil || !created {
				return err
			}
			// One topic for every report: a wave of reports is one
			// notification on a moderator's device.
			return f.Staff.PushStaff(ctx, push.Content{Title: push.TitleModeration, Body: push.BodyModeration,
				URL: "/admin/#/reports", ID: stored.ID.String()}, "moderation")
		})
	}
	if errors.Is(err, ErrNoProfile) {
		return Filed{}, errs.Forbidden(CodeNoProfile, MsgNoProfile)
	}
	if err != nil {
		return Filed{}, fmt.Errorf("report %s %s: %w", t.kind, t.id, err)
	}
	return Filed{Report: stored, Created: created}, nil
}
