package adminkit

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"github.com/danielgtaylor/huma/v2"
	"github.com/google/uuid"

	"social/core/errs"
	"social/kit/httpkit"
	"social/kit/plugin"
	"social/platform/pgkit"
)

// SQLQuery is a simple-rest list query for a resource paged in SQL.
type SQLQuery struct {
	Sort   string // a key of the resource's Sortable
	Asc    bool
	Offset int
	Limit  int
	Search string         // filter "q"
	IDs    []uuid.UUID    // filter "id" (react-admin's getMany)
	Filter map[string]any // the resource's own filters' values, read by their kind
}

// Page is the part of q that pgkit.AdminList pages with.
func (q SQLQuery) Page() pgkit.AdminPage {
	return pgkit.AdminPage{Sort: q.Sort, Asc: q.Asc, Offset: q.Offset, Limit: q.Limit, Search: q.Search, IDs: q.IDs}
}

// SQLResource is a read-only console resource whose rows a store pages in
// SQL: GET "" (list) and GET "/{id}" on the group the resource is mounted on.
type SQLResource[Row any] struct {
	Name        string // plural, as in the route and Content-Range: "communities"
	Singular    string // for the get operation's ID: "community"
	DefaultSort string
	// Sortable are the keys sort may name.
	Sortable map[string]string
	// Filters are the filter keys besides q and id, usually the store's
	// Narrowing.Filters.
	Filters []Filter
	// List reads one page and the total of rows matching q.
	List func(ctx context.Context, q SQLQuery) (rows []Row, total int, err error)
	// Moderators opens the list and the get operations to moderators.
	Moderators bool
}

// RegisterSQLResource registers the resource's two operations.
func RegisterSQLResource[Row any](api huma.API, r SQLResource[Row]) {
	open := func(op huma.Operation) huma.Operation {
		if r.Moderators {
			return plugin.ForModerators(op)
		}
		return op
	}
	huma.Register(api, open(huma.Operation{
		OperationID: "admin-list-" + r.Name, Method: http.MethodGet, Path: "",
		Summary:  fmt.Sprintf("List %s, newest first (simple-rest)", r.Name),
		Metadata: httpkit.Refuses(httpkit.Refusals{422: {CodeBadListQuery}}),
	}), func(ctx context.Context, in *ListInput) (*ListOutput[Row], error) {
		q, err := r.parse(*in)
		if err != nil {
			return nil, err
		}
		rows, total, err := r.List(ctx, q)
		if err != nil {
			return nil, err
		}
		return &ListOutput[Row]{ContentRange: ContentRange(r.Name, q.Offset, len(rows), total), Body: rows}, nil
	})
	huma.Register(api, open(huma.Operation{
		OperationID: "admin-get-" + r.Singular, Method: http.MethodGet, Path: "/{id}",
		Summary:  "One " + r.Singular,
		Metadata: httpkit.Refuses(httpkit.Refusals{404: {CodeNotFound}}),
	}), func(ctx context.Context, in *struct {
		ID string `path:"id"`
	}) (*struct{ Body Row }, error) {
		id, err := uuid.Parse(in.ID)
		if err != nil {
			return nil, errs.NotFound(CodeNotFound, errs.MsgNotFound)
		}
		rows, _, err := r.List(ctx, SQLQuery{Sort: r.DefaultSort, IDs: []uuid.UUID{id}, Limit: 1})
		if err != nil {
			return nil, err
		}
		if len(rows) == 0 {
			return nil, errs.NotFound(CodeNotFound, errs.MsgNotFound)
		}
		return &struct{ Body Row }{Body: rows[0]}, nil
	})
}

// parse reads react-admin's sort, range and filter parameters.
func (r SQLResource[Row]) parse(in ListInput) (SQLQuery, error) {
	q := SQLQuery{Limit: MaxPage, Sort: r.DefaultSort, Filter: map[string]any{}}
	if in.Sort != "" {
		var s []string
		if json.Unmarshal([]byte(in.Sort), &s) != nil || len(s) != 2 {
			return q, ErrBadList
		}
		if _, ok := r.Sortable[s[0]]; !ok {
			return q, ErrBadList
		}
		q.Sort, q.Asc = s[0], strings.EqualFold(s[1], "ASC")
	}
	if in.Range != "" {
		var rg []int
		if json.Unmarshal([]byte(in.Range), &rg) != nil || len(rg) != 2 || rg[0] < 0 || rg[1] < rg[0] {
			return q, ErrBadList
		}
		q.Offset, q.Limit = rg[0], min(rg[1]-rg[0]+1, MaxPage)
	}
	if in.Filter == "" {
		return q, nil
	}
	var f map[string]any
	if json.Unmarshal([]byte(in.Filter), &f) != nil {
		return q, ErrBadList
	}
	for k, v := range f {
		i := slices.IndexFunc(r.Filters, func(f Filter) bool { return f.Key == k })
		switch {
		case k == "q":
			q.Search = fmt.Sprint(v)
		case k == "id":
			ids, ok := v.([]any)
			if !ok {
				ids = []any{v}
			}
			for _, raw := range ids {
				id, err := uuid.Parse(fmt.Sprint(raw))
				if err != nil {
					return q, ErrBadList
				}
				q.IDs = append(q.IDs, id)
			}
		case i >= 0:
			value, ok, err := r.Filters[i].read(v)
			if err != nil {
				return q, err
			}
			if ok {
				q.Filter[k] = value
			}
		default:
			return q, ErrBadList
		}
	}
	return q, nil
}
