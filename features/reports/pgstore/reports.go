package pgstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"social/core/domain"
	reports "social/features/reports/app"
	"social/platform/pgkit"
)

type ReportRow struct {
	bun.BaseModel `bun:"table:reports"`
	ID            uuid.UUID  `bun:"id,pk"`
	ReporterID    uuid.UUID  `bun:"reporter_id"`
	TargetType    string     `bun:"target_type"`
	TargetID      uuid.UUID  `bun:"target_id"`
	Reason        *string    `bun:"reason"`
	Status        string     `bun:"status"`
	CreatedAt     time.Time  `bun:"created_at"`
	ResolvedAt    *time.Time `bun:"resolved_at"`
	ResolvedBy    *uuid.UUID `bun:"resolved_by"`
	Resolution    *string    `bun:"resolution"`
	Note          *string    `bun:"resolution_note"`
}

func (r ReportRow) Domain() domain.Report {
	out := domain.Report{ID: domain.ReportID(r.ID), ReporterID: domain.UserID(r.ReporterID),
		TargetType: domain.ReportTarget(r.TargetType), TargetID: r.TargetID, Reason: r.Reason,
		Status: domain.ReportStatus(r.Status), CreatedAt: r.CreatedAt.UTC(),
		Resolution: r.Resolution, ResolutionNote: r.Note}
	if r.ResolvedAt != nil {
		t := r.ResolvedAt.UTC()
		out.ResolvedAt = &t
	}
	if r.ResolvedBy != nil {
		by := domain.UserID(*r.ResolvedBy)
		out.ResolvedBy = &by
	}
	return out
}

// Reports stores members' reports, one per reporter and target.
type Reports struct{ db *bun.DB }

// NewReports makes the report store.
func NewReports(db *bun.DB) *Reports { return &Reports{db: db} }

// Lock reads a report and holds its row (FOR UPDATE) until the
// transaction of ctx ends, for a moderator's resolution.
func (s *Reports) Lock(ctx context.Context, id domain.ReportID) (domain.Report, error) {
	var row ReportRow
	err := pgkit.IDB(ctx, s.db).NewSelect().Model(&row).Where("id = ?", uuid.UUID(id)).For("UPDATE").Scan(ctx)
	return row.Domain(), pgkit.NotFound(err)
}

// File inserts the report unless the reporter already reported the target,
// and answers the stored one with whether it is new. The unique key
// decides, never a pre-check, so racing calls make one row.
func (s *Reports) File(ctx context.Context, r domain.Report) (domain.Report, bool, error) {
	db := pgkit.IDB(ctx, s.db)
	row := ReportRow{ID: uuid.UUID(r.ID), ReporterID: uuid.UUID(r.ReporterID), TargetType: string(r.TargetType),
		TargetID: r.TargetID, Reason: r.Reason, Status: string(r.Status), CreatedAt: r.CreatedAt}
	res, err := db.NewInsert().Model(&row).
		On("CONFLICT (reporter_id, target_type, target_id) DO NOTHING").Exec(ctx)
	if pgkit.ForeignKeyViolation(err) {
		return domain.Report{}, false, reports.ErrNoProfile
	}
	if err != nil {
		return domain.Report{}, false, fmt.Errorf("insert report: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 1 {
		return row.Domain(), true, nil
	}
	// A separate statement: its snapshot sees the row of a racing call
	// that committed while the insert waited on the unique key.
	var prev ReportRow
	err = db.NewSelect().Model(&prev).Where("reporter_id = ?", row.ReporterID).
		Where("target_type = ?", row.TargetType).Where("target_id = ?", row.TargetID).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return domain.Report{}, false, fmt.Errorf("report of %s on %s %s vanished", r.ReporterID, r.TargetType, r.TargetID)
	}
	if err != nil {
		return domain.Report{}, false, err
	}
	return prev.Domain(), false, nil
}
