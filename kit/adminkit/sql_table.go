package adminkit

import (
	"context"

	"github.com/danielgtaylor/huma/v2"
	"github.com/uptrace/bun"

	"social/kit/plugin"
	"social/platform/pgkit"
)

// SQLList is how a console resource's rows are read in SQL, declared as
// data: the FROM part with its joins, the select list, the sort keys and
// the narrowing.
type SQLList struct {
	From     string // "stories AS s LEFT JOIN profiles AS p ON p.id = s.author_id"
	Columns  string
	Sortable map[string]string
	// DefaultSort is the sortable key when the query names none.
	DefaultSort string
	// Narrowing's ID column also breaks ties in the order.
	Narrowing Narrowing
}

// Matching is the count(*) OVER () a console list's scanned row carries:
// how many rows match the query. The scanned row type embeds it.
type Matching struct {
	Total int `bun:"total" json:"-"`
}

// MatchingRows is the total of rows the query matched.
func (m Matching) MatchingRows() int { return m.Total }

// Counted is a scanned row that embeds Matching.
type Counted interface{ MatchingRows() int }

// List reads from db one page of l's rows matching q, scanned as Row, and
// their total (pgkit.AdminList).
func List[Row Counted](ctx context.Context, db bun.IDB, l SQLList, q SQLQuery) ([]Row, int, error) {
	base := func() *bun.SelectQuery { return l.Narrowing.Apply(db.NewSelect().TableExpr(l.From), q) }
	return pgkit.AdminList(ctx, base, l.Columns, l.Sortable, l.Sortable[l.DefaultSort], l.Narrowing.ID, q.Page(),
		func(r Row) int { return r.MatchingRows() })
}

// ListAs is List with each scanned row turned into the row the console
// reads.
func ListAs[Scanned Counted, Row any](ctx context.Context, db bun.IDB, l SQLList, q SQLQuery, row func(Scanned) Row) ([]Row, int, error) {
	scanned, total, err := List[Scanned](ctx, db, l, q)
	if err != nil {
		return nil, 0, err
	}
	rows := make([]Row, len(scanned))
	for i, r := range scanned {
		rows[i] = row(r)
	}
	return rows, total, nil
}

// Resource is the read-only console resource name (singular names one of
// its rows) sorted and filtered as l is; list reads its pages.
func Resource[Row any](name, singular string, l SQLList, list func(ctx context.Context, q SQLQuery) ([]Row, int, error)) SQLResource[Row] {
	return SQLResource[Row]{Name: name, Singular: singular, DefaultSort: l.DefaultSort, Sortable: l.Sortable,
		Filters: l.Narrowing.Filters, List: list}
}

// Contribution is the resource as plugin's whole console resource, with
// no operation besides its list and get.
func (r SQLResource[Row]) Contribution(pluginName string) plugin.AdminResource {
	return plugin.AdminResource{Plugin: pluginName, Name: r.Name, Register: func(api huma.API) { RegisterSQLResource(api, r) }}
}
