package app

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"

	"social/core/domain"
)

// ExportStatus is where an export stands.
type ExportStatus string

const (
	ExportQueued   ExportStatus = "queued"
	ExportBuilding ExportStatus = "building"
	ExportReady    ExportStatus = "ready"
	ExportFailed   ExportStatus = "failed"
	// ExportExpired: its archive was removed by the prune job.
	ExportExpired ExportStatus = "expired"
)

// Running reports whether the export is still being made.
func (s ExportStatus) Running() bool { return s == ExportQueued || s == ExportBuilding }

// Export is one export a member asked for.
type Export struct {
	ID          uuid.UUID
	MemberID    domain.UserID
	Status      ExportStatus
	Step        string // what is being gathered while building
	Progress    int    // 0..100
	ArchiveKey  *string
	SizeBytes   *int64
	RequestedAt time.Time
	FinishedAt  *time.Time
	ExpiresAt   *time.Time
}

// ErrExportRunning is a new export asked for while another one of the
// member's is queued or building.
var ErrExportRunning = errors.New("an export is already running")

// Settings are the configured values of the use cases.
type Settings struct {
	PublicURL   string        // the site's address, for the archive's link
	ExportEvery time.Duration // between two exports of one member
	ExportKeep  time.Duration // an archive's life
	HandleHold  time.Duration // a deleted account's handle stays taken
	// Batch is how many rows one erasing transaction removes.
	Batch int
}

// nextExportAt is when a member whose last counted export was asked for
// at last may ask again, or nil when they may now.
func (s Settings) nextExportAt(last *time.Time, now time.Time) *time.Time {
	if last == nil || s.ExportEvery <= 0 {
		return nil
	}
	if next := last.Add(s.ExportEvery); now.Before(next) {
		return &next
	}
	return nil
}

// exportStanding reads the member's latest export (nil when none was asked
// for) and when they may ask for the next one (nil: now, unless one is
// running), which both the view and a new request start from.
func (s Settings) exportStanding(ctx context.Context, exports ExportStore, member domain.UserID,
	now time.Time) (latest *Export, next *time.Time, err error) {
	latest, err = exports.Latest(ctx, member)
	if err != nil {
		return nil, nil, fmt.Errorf("latest export of %s: %w", member, err)
	}
	last, err := exports.LastCounted(ctx, member)
	if err != nil {
		return nil, nil, fmt.Errorf("last export of %s: %w", member, err)
	}
	return latest, s.nextExportAt(last, now), nil
}

// ArchiveKey is where the archive of export id of member is stored.
func ArchiveKey(member domain.UserID, id uuid.UUID) string {
	return fmt.Sprintf("exports/%s/%s.zip", member, id)
}

// humanDuration says a duration in pt-BR ("24 horas", "7 dias").
func humanDuration(d time.Duration) string {
	switch h := int(d.Hours()); {
	case h >= 48 && h%24 == 0:
		return fmt.Sprintf("%d dias", h/24)
	case h == 24:
		return "1 dia"
	case h > 1:
		return fmt.Sprintf("%d horas", h)
	case h == 1:
		return "1 hora"
	}
	if m := int(d.Minutes()); m > 1 {
		return fmt.Sprintf("%d minutos", m)
	}
	return "1 minuto"
}

// ExportStore keeps the exports.
type ExportStore interface {
	// Create inserts a queued export; ErrExportRunning when one of the
	// member's is queued or building.
	Create(ctx context.Context, e Export) error
	// Latest is the member's most recent export, or nil.
	Latest(ctx context.Context, member domain.UserID) (*Export, error)
	// LastCounted is when the member last asked for an export that did
	// not fail (failures do not count against the limit), or nil.
	LastCounted(ctx context.Context, member domain.UserID) (*time.Time, error)
	ByID(ctx context.Context, id uuid.UUID) (Export, error)
	SetProgress(ctx context.Context, id uuid.UUID, step string, progress int) error
	MarkReady(ctx context.Context, id uuid.UUID, key string, size int64, at, expires time.Time) error
	MarkFailed(ctx context.Context, id uuid.UUID, at time.Time) error
	// Expired lists ready exports whose time is up, at most limit.
	Expired(ctx context.Context, now time.Time, limit int) ([]Export, error)
	MarkExpired(ctx context.Context, id uuid.UUID) error
}

// ExportQueue enqueues the building of an export in the transaction of ctx.
type ExportQueue interface {
	EnqueueExport(ctx context.Context, id uuid.UUID) error
}

// ErrNotDeleted is an erasure asked for an account that is not deleted:
// final, since no retry deletes it.
var ErrNotDeleted = errors.New("account not deleted")
