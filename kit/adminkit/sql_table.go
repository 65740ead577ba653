package adminkit

import (
	"context"

	"github.com/uptrace/bun"

	"social/platform/pgkit"
)

// SQLTable is how a console resource's rows are read in SQL: the FROM and
// JOIN part, the select list, the sort keys, the narrowing, and the step
// from the scanned row to the row the console reads.
type SQLTable[Scan, Row any] struct {
	From        func(ctx context.Context) *bun.SelectQuery
	Columns     string
	Sortable    map[string]string
	DefaultSort string // the column when the query names no sortable key
	Key         string // the unique column that breaks ties
	Narrowing   Narrowing
	Total       func(Scan) int // the scanned count(*) OVER ()
	Row         func(Scan) Row
}

// List reads one page and the total of rows matching q (pgkit.AdminList).
func (t SQLTable[Scan, Row]) List(ctx context.Context, q SQLQuery) ([]Row, int, error) {
	base := func() *bun.SelectQuery { return t.Narrowing.Apply(t.From(ctx), q) }
	scanned, total, err := pgkit.AdminList(ctx, base, t.Columns, t.Sortable, t.DefaultSort, t.Key, q.Page(), t.Total)
	if err != nil {
		return nil, 0, err
	}
	rows := make([]Row, len(scanned))
	for i, r := range scanned {
		rows[i] = t.Row(r)
	}
	return rows, total, nil
}
