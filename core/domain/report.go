package domain

import (
	"time"
	"unicode/utf8"

	"github.com/google/uuid"
)

// ReportID identifies a report (UUIDv7, time-ordered).
type ReportID uuid.UUID

// NewReportID makes a fresh time-ordered ID.
func NewReportID() ReportID { return ReportID(uuid.Must(uuid.NewV7())) }

// ParseReportID reads an ID from its text form.
func ParseReportID(s string) (ReportID, error) { return parseID[ReportID]("report", s) }

func (id ReportID) String() string { return uuid.UUID(id).String() }

// ReportTarget is the kind of thing a report points at.
type ReportTarget string

// Report targets.
const (
	ReportTargetPost    ReportTarget = "post"
	ReportTargetComment ReportTarget = "comment"
)

// ReportStatus is where a report stands in the moderation queue.
type ReportStatus string

// Report statuses: open until a moderator dismisses it or acts on it.
const (
	ReportOpen      ReportStatus = "open"
	ReportDismissed ReportStatus = "dismissed"
	ReportActioned  ReportStatus = "actioned"
)

// ReportReasonMaxRunes is the longest reason, in characters.
const ReportReasonMaxRunes = 500

// Report is one member's report of one post or comment. A member reports a
// target at most once.
type Report struct {
	ID         ReportID
	ReporterID UserID
	TargetType ReportTarget
	TargetID   uuid.UUID
	Reason     *string
	Status     ReportStatus
	CreatedAt  time.Time
	ResolvedAt *time.Time
	ResolvedBy *UserID
	// Resolution is what the moderator did (dismiss, remove_post,
	// suspend_author) and Note what they wrote, once resolved.
	Resolution     *string
	ResolutionNote *string
}

// ReportReasonTooLong reports whether a reason exceeds the limit.
func ReportReasonTooLong(reason string) bool {
	return utf8.RuneCountInString(reason) > ReportReasonMaxRunes
}
