package pgstore

import (
	"context"
	"database/sql"
	"errors"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"social/core/domain"
	"social/platform/pgkit"
)

// DemoRows keeps the demo_rows table: which rows a member's demo data
// created, by kind, for every feature that seeds a member's demo data.
type DemoRows struct{ db *bun.DB }

// NewDemoRows is the demo rows' store.
func NewDemoRows(db *bun.DB) *DemoRows { return &DemoRows{db: db} }

// Record notes that demo seeding created row id of kind for member.
func (s *DemoRows) Record(ctx context.Context, member domain.UserID, kind string, id uuid.UUID) error {
	_, err := pgkit.IDB(ctx, s.db).NewRaw(`INSERT INTO demo_rows (member_id, kind, row_id) VALUES (?, ?, ?)
		ON CONFLICT DO NOTHING`, uuid.UUID(member), kind, id).Exec(ctx)
	return err
}

// Take forgets the rows of kind recorded for member and answers them.
func (s *DemoRows) Take(ctx context.Context, member domain.UserID, kind string) ([]uuid.UUID, error) {
	var ids []uuid.UUID
	err := pgkit.IDB(ctx, s.db).NewRaw(`DELETE FROM demo_rows WHERE member_id = ? AND kind = ? RETURNING row_id`,
		uuid.UUID(member), kind).Scan(ctx, &ids)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	return ids, err
}
