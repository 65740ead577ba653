package pgstore

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"social/core/domain"
	"social/core/ports"
	moderation "social/features/moderation/app"
	"social/platform/pgkit"
)

// Moderation stores what features/moderation/app changes besides accounts: the
// verified flag, report resolutions and the audit log.
type Moderation struct {
	db       *bun.DB
	profiles moderation.ProfileLocker
	reports  moderation.ReportLocker
}

// NewModeration makes the moderation store.
func NewModeration(db *bun.DB, p moderation.ProfileLocker, r moderation.ReportLocker) *Moderation {
	return &Moderation{db: db, profiles: p, reports: r}
}

var (
	_ moderation.VerifiedStore = (*Moderation)(nil)
	_ moderation.ReportStore   = (*Moderation)(nil)
	_ ports.AuditLog           = (*Moderation)(nil)
)

// LockProfile reads a profile and holds its row until the transaction ends.
func (s *Moderation) LockProfile(ctx context.Context, id domain.UserID) (domain.Profile, error) {
	return s.profiles.Lock(ctx, id)
}

// SetVerified stores the verified flag.
func (s *Moderation) SetVerified(ctx context.Context, id domain.UserID, verified bool, at time.Time) error {
	res, err := pgkit.IDB(ctx, s.db).NewRaw(`UPDATE profiles SET is_verified = ?, updated_at = ? WHERE id = ?`,
		verified, at, uuid.UUID(id)).Exec(ctx)
	if err != nil {
		return fmt.Errorf("set verified of %s: %w", id, err)
	}
	return pgkit.AffectedOne(res)
}

// LockReport reads a report and holds its row until the transaction ends.
func (s *Moderation) LockReport(ctx context.Context, id domain.ReportID) (domain.Report, error) {
	return s.reports.Lock(ctx, id)
}

// Close resolves one report.
func (s *Moderation) Close(ctx context.Context, id domain.ReportID, r moderation.Resolution) error {
	res, err := pgkit.IDB(ctx, s.db).NewRaw(`UPDATE reports SET status = ?, resolution = ?, resolution_note = ?,
		resolved_at = ?, resolved_by = ? WHERE id = ?`,
		string(r.Status), r.Action, r.Note, r.At, resolver(r.By), uuid.UUID(id)).Exec(ctx)
	if err != nil {
		return fmt.Errorf("close report %s: %w", id, err)
	}
	return pgkit.AffectedOne(res)
}

// CloseTarget resolves the open reports against one target.
func (s *Moderation) CloseTarget(ctx context.Context, target domain.ReportTarget, targetID string, r moderation.Resolution) ([]domain.UserID, error) {
	id, err := uuid.Parse(targetID)
	if err != nil {
		return nil, nil
	}
	var reporters []uuid.UUID
	err = pgkit.IDB(ctx, s.db).NewRaw(`UPDATE reports SET status = ?, resolution = ?, resolution_note = ?,
		resolved_at = ?, resolved_by = ? WHERE target_type = ? AND target_id = ? AND status = 'open'
		RETURNING reporter_id`,
		string(r.Status), r.Action, r.Note, r.At, resolver(r.By), string(target), id).Scan(ctx, &reporters)
	if err != nil {
		return nil, fmt.Errorf("close reports of %s %s: %w", target, targetID, err)
	}
	out := make([]domain.UserID, len(reporters))
	for i, u := range reporters {
		out[i] = domain.UserID(u)
	}
	return out, nil
}

func resolver(by domain.UserID) *uuid.UUID {
	if by.IsZero() {
		return nil
	}
	u := uuid.UUID(by)
	return &u
}

// Record inserts an audit entry in the transaction of ctx.
func (s *Moderation) Record(ctx context.Context, e domain.AuditEntry) error {
	details := e.Details
	if details == nil {
		details = map[string]any{}
	}
	raw, err := json.Marshal(details)
	if err != nil {
		return fmt.Errorf("audit details: %w", err)
	}
	var actor *uuid.UUID
	if e.ActorID != nil {
		u := uuid.UUID(*e.ActorID)
		actor = &u
	}
	_, err = pgkit.IDB(ctx, s.db).NewRaw(`INSERT INTO audit_log (id, actor_id, actor_role, action, target_type, target_id,
		reason, details, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		uuid.Must(uuid.NewV7()), actor, e.ActorRole, e.Action, e.TargetType, e.TargetID, e.Reason, string(raw), e.At).Exec(ctx)
	if err != nil {
		return fmt.Errorf("record %s on %s %s: %w", e.Action, e.TargetType, e.TargetID, err)
	}
	return nil
}
