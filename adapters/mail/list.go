package mail

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"social/core/domain"
	"social/platform/pgkit"
)

// OutboxMessage is one outbox row as operators read it.
type OutboxMessage struct {
	ID        int64      `json:"id" bun:"id"`
	To        string     `json:"to" bun:"to_address"`
	Subject   string     `json:"subject" bun:"subject"`
	BodyText  string     `json:"body_text" bun:"body_text"`
	Status    string     `json:"status" enum:"pending,sent,logged,failed" bun:"status"`
	Attempts  int        `json:"attempts" bun:"attempts"`
	LastError *string    `json:"last_error" bun:"last_error"`
	CreatedAt time.Time  `json:"created_at" bun:"created_at"`
	SentAt    *time.Time `json:"sent_at" bun:"sent_at"`
}

// Query selects outbox rows.
type Query struct {
	To     string // exact address, any case
	Status string
	Search string // in address, subject and body
	IDs    []int64
	Sort   string // a Message JSON field; default id
	Asc    bool   // default newest first
	Offset int
	Limit  int
}

var sortColumns = map[string]string{
	"id": "id", "to": "to_address", "subject": "subject", "status": "status",
	"created_at": "created_at", "sent_at": "sent_at", "attempts": "attempts",
}

// List reads a page of the outbox and how many rows match in all.
func List(ctx context.Context, db *bun.DB, q Query) ([]OutboxMessage, int, error) {
	col, ok := sortColumns[q.Sort]
	if q.Sort != "" && !ok {
		return nil, 0, fmt.Errorf("sort by %q: %w", q.Sort, domain.ErrNotFound)
	}
	if col == "" {
		col = "id"
	}
	dir := "DESC"
	if q.Asc {
		dir = "ASC"
	}
	out := []OutboxMessage{}
	sel := db.NewSelect().Table("mail_outbox").
		Column("id", "to_address", "subject", "body_text", "status", "attempts", "last_error", "created_at", "sent_at").
		OrderExpr("? "+dir+", id "+dir, bun.Ident(col)).Offset(int64(q.Offset)).Limit(int64(q.Limit))
	if q.To != "" {
		sel = sel.Where("lower(to_address) = lower(?)", strings.TrimSpace(q.To))
	}
	if q.Status != "" {
		sel = sel.Where("status = ?", q.Status)
	}
	if len(q.IDs) > 0 {
		sel = sel.Where("id IN (?)", bun.In(q.IDs))
	}
	if q.Search != "" {
		like := pgkit.ContainsPattern(q.Search)
		sel = sel.WhereGroup(" AND ", func(s *bun.SelectQuery) *bun.SelectQuery {
			return s.Where("to_address ILIKE ?", like).WhereOr("subject ILIKE ?", like).WhereOr("body_text ILIKE ?", like)
		})
	}
	total, err := sel.ScanAndCount(ctx, &out)
	if err != nil {
		return nil, 0, fmt.Errorf("list outbox: %w", err)
	}
	return out, int(total), nil
}

// Get reads one outbox row.
func Get(ctx context.Context, db *bun.DB, id int64) (OutboxMessage, error) {
	rows, _, err := List(ctx, db, Query{IDs: []int64{id}, Limit: 1})
	if err != nil {
		return OutboxMessage{}, err
	}
	if len(rows) == 0 {
		return OutboxMessage{}, domain.ErrNotFound
	}
	return rows[0], nil
}
