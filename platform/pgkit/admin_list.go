package pgkit

import (
	"context"

	"github.com/google/uuid"
	"github.com/uptrace/bun"
)

// AdminPage is the part of a console list query every resource shares.
type AdminPage struct {
	Sort   string // a key of the resource's sortable map
	Asc    bool
	Offset int
	Limit  int
	Search string
	IDs    []uuid.UUID
}

// AdminList pages base in SQL for a console list: sorted by
// sortable[p.Sort] (else def), rows without a value last whichever the
// direction, then by key, with the total of matching rows counted in the
// same query (count(*) OVER (), read by total from the first row). A page
// past the end counts apart, so it still says how many there are. R is
// the scanned row; base is the filtered FROM and JOIN part, columns the
// select list.
func AdminList[R any](ctx context.Context, base func() *bun.SelectQuery, columns string,
	sortable map[string]string, def, key string, p AdminPage, total func(R) int) ([]R, int, error) {
	col, ok := sortable[p.Sort]
	if !ok {
		col = def
	}
	dir := " DESC"
	if p.Asc {
		dir = " ASC"
	}
	sel := base().ColumnExpr(columns).ColumnExpr("count(*) OVER () AS total").
		OrderExpr(col + dir + " NULLS LAST").OrderExpr(key + dir).Offset(int64(p.Offset)).Limit(int64(p.Limit))
	var rows []R
	if err := sel.Scan(ctx, &rows); err != nil {
		return nil, 0, err
	}
	if len(rows) == 0 {
		if p.Offset == 0 {
			return rows, 0, nil
		}
		n, err := base().Count(ctx)
		return rows, int(n), err
	}
	return rows, total(rows[0]), nil
}
