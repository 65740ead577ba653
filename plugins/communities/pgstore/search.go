package pgstore

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"social/core/ports"
	"social/plugins/communities/app"
)

type searchRow struct {
	ID          uuid.UUID `bun:"id"`
	Name        string    `bun:"name"`
	Description *string   `bun:"description"`
	MemberCount int       `bun:"member_count"`
}

func (r searchRow) doc() ports.SearchDoc {
	d := ports.SearchDoc{Kind: app.SearchKind, ID: r.ID.String(), Name: r.Name, MemberCount: r.MemberCount}
	if r.Description != nil {
		d.Description = *r.Description
	}
	return d
}

// SearchDoc reads one community's search document; found is false when it
// is gone (a malformed ID names none). Communities are always searchable.
func (s *Store) SearchDoc(ctx context.Context, id string) (ports.SearchDoc, bool, error) {
	uid, err := uuid.Parse(id)
	if err != nil {
		return ports.SearchDoc{}, false, nil
	}
	var rows []searchRow
	if err := s.IDB(ctx).NewRaw(`SELECT id, name, description, member_count FROM communities WHERE id = ?`, uid).
		Scan(ctx, &rows); err != nil {
		return ports.SearchDoc{}, false, err
	}
	if len(rows) == 0 {
		return ports.SearchDoc{}, false, nil
	}
	return rows[0].doc(), true, nil
}

// CountSearchDocs counts the communities.
func (s *Store) CountSearchDocs(ctx context.Context) (int, error) {
	var n int
	err := s.IDB(ctx).NewRaw(`SELECT count(*) FROM communities`).Scan(ctx, &n)
	return n, err
}

// ListSearchDocs pages through the communities by ID.
func (s *Store) ListSearchDocs(ctx context.Context, after string, limit int) ([]ports.SearchDoc, error) {
	q, args := `SELECT id, name, description, member_count FROM communities`, []any{}
	if after != "" {
		uid, err := uuid.Parse(after)
		if err != nil {
			return nil, fmt.Errorf("page after %q: %w", after, err)
		}
		q += ` WHERE id > ?`
		args = append(args, uid)
	}
	q += ` ORDER BY id LIMIT ?`
	args = append(args, limit)
	var rows []searchRow
	if err := s.IDB(ctx).NewRaw(q, args...).Scan(ctx, &rows); err != nil {
		return nil, err
	}
	docs := make([]ports.SearchDoc, len(rows))
	for i, r := range rows {
		docs[i] = r.doc()
	}
	return docs, nil
}
