package pgstore

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/google/uuid"

	"social/core/domain"
	"social/plugins/federation/app"
)

var _ app.ForwardStore = (*Store)(nil)

type forwardingRow struct {
	ReportID    uuid.UUID     `bun:"report_id"`
	ActivityID  string        `bun:"activity_id"`
	Server      string        `bun:"server"`
	Content     string        `bun:"content"`
	ForwardedBy uuid.NullUUID `bun:"forwarded_by"`
	ForwardedAt time.Time     `bun:"forwarded_at"`
}

// Forwarding reads report id's forwarding.
func (s *Store) Forwarding(ctx context.Context, id domain.ReportID) (app.Forwarding, error) {
	var r forwardingRow
	err := s.IDB(ctx).NewRaw(`SELECT report_id, activity_id, server, content, forwarded_by, forwarded_at
		FROM federation_forwarded_reports WHERE report_id = ?`, uuid.UUID(id)).Scan(ctx, &r)
	if errors.Is(err, sql.ErrNoRows) {
		return app.Forwarding{}, domain.ErrNotFound
	}
	if err != nil {
		return app.Forwarding{}, err
	}
	f := app.Forwarding{ReportID: domain.ReportID(r.ReportID), ActivityID: r.ActivityID, Server: r.Server,
		Content: r.Content, At: r.ForwardedAt.UTC()}
	if r.ForwardedBy.Valid {
		by := domain.UserID(r.ForwardedBy.UUID)
		f.By = &by
	}
	return f, nil
}

// ReportedObject is the remote Note a post or comment was made from, with
// its author.
func (s *Store) ReportedObject(ctx context.Context, kind string, target uuid.UUID) (app.ReportedObject, bool, error) {
	var r struct {
		URI    string    `bun:"object_uri"`
		Author uuid.UUID `bun:"actor_id"`
	}
	err := s.IDB(ctx).NewRaw(`SELECT object_uri, actor_id FROM federation_remote_objects WHERE kind = ? AND local_id = ?`,
		kind, target).Scan(ctx, &r)
	if errors.Is(err, sql.ErrNoRows) {
		return app.ReportedObject{}, false, nil
	}
	if err != nil {
		return app.ReportedObject{}, false, err
	}
	return app.ReportedObject{Author: domain.UserID(r.Author), URI: r.URI}, true, nil
}

// SaveForwarding records f.
func (s *Store) SaveForwarding(ctx context.Context, f app.Forwarding) error {
	var by uuid.NullUUID
	if f.By != nil {
		by = uuid.NullUUID{UUID: uuid.UUID(*f.By), Valid: true}
	}
	_, err := s.IDB(ctx).NewRaw(`INSERT INTO federation_forwarded_reports
		(report_id, activity_id, server, content, forwarded_by, forwarded_at) VALUES (?, ?, ?, ?, ?, ?)`,
		uuid.UUID(f.ReportID), f.ActivityID, f.Server, f.Content, by, f.At).Exec(ctx)
	return err
}
