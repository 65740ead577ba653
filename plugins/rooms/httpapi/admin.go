package httpapi

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"

	"github.com/danielgtaylor/huma/v2"
	"github.com/google/uuid"

	"social/adapters/http/adminapi"
	"social/core/errs"
	"social/plugins/plugin"
	"social/plugins/rooms/pgstore"
)

var errBadList = errs.Invalid("invalid_list_query", errs.MsgBadRequest, nil)

// NewAdminResource serves the console's rooms resource:
// GET /api/v1/admin/rooms (simple-rest: sort, range, filter {q,
// is_active, id}; paged in SQL) and /{id}.
func NewAdminResource(store *pgstore.Store) plugin.AdminResource {
	return plugin.AdminResource{Plugin: "rooms", Name: "rooms", Register: func(api huma.API) {
		huma.Register(api, huma.Operation{
			OperationID: "admin-list-rooms", Method: http.MethodGet, Path: "",
			Summary: "List listening rooms, newest first (simple-rest)",
		}, func(ctx context.Context, in *adminapi.ListInput) (*adminapi.ListOutput[pgstore.RoomAdminRow], error) {
			q, err := adminQuery(*in)
			if err != nil {
				return nil, err
			}
			rows, total, err := store.AdminList(ctx, q)
			if err != nil {
				return nil, err
			}
			return &adminapi.ListOutput[pgstore.RoomAdminRow]{
				ContentRange: adminapi.ContentRange("rooms", q.Offset, len(rows), total), Body: rows}, nil
		})
		huma.Register(api, huma.Operation{
			OperationID: "admin-get-room", Method: http.MethodGet, Path: "/{id}",
			Summary: "One room",
		}, func(ctx context.Context, in *struct {
			ID string `path:"id"`
		}) (*struct{ Body pgstore.RoomAdminRow }, error) {
			id, err := uuid.Parse(in.ID)
			if err != nil {
				return nil, errs.NotFound("not_found", errs.MsgNotFound)
			}
			rows, _, err := store.AdminList(ctx, pgstore.AdminQuery{IDs: []uuid.UUID{id}, Limit: 1})
			if err != nil {
				return nil, err
			}
			if len(rows) == 0 {
				return nil, errs.NotFound("not_found", errs.MsgNotFound)
			}
			return &struct{ Body pgstore.RoomAdminRow }{Body: rows[0]}, nil
		})
	}}
}

// adminQuery reads react-admin's sort, range and filter parameters.
func adminQuery(in adminapi.ListInput) (pgstore.AdminQuery, error) {
	q := pgstore.AdminQuery{Limit: adminapi.MaxPage, Sort: "created_at"}
	if in.Sort != "" {
		var s []string
		if json.Unmarshal([]byte(in.Sort), &s) != nil || len(s) != 2 {
			return q, errBadList
		}
		if _, ok := pgstore.AdminSortable[s[0]]; !ok {
			return q, errBadList
		}
		q.Sort, q.Asc = s[0], strings.EqualFold(s[1], "ASC")
	}
	if in.Range != "" {
		var r []int
		if json.Unmarshal([]byte(in.Range), &r) != nil || len(r) != 2 || r[0] < 0 || r[1] < r[0] {
			return q, errBadList
		}
		q.Offset, q.Limit = r[0], min(r[1]-r[0]+1, adminapi.MaxPage)
	}
	if in.Filter != "" {
		var f map[string]any
		if json.Unmarshal([]byte(in.Filter), &f) != nil {
			return q, errBadList
		}
		for k, v := range f {
			switch k {
			case "q":
				q.Search = fmt.Sprint(v)
			case "is_active":
				b, ok := v.(bool)
				if !ok {
					return q, errBadList
				}
				q.Active = &b
			case "id":
				ids, ok := v.([]any)
				if !ok {
					ids = []any{v}
				}
				for _, raw := range ids {
					id, err := uuid.Parse(fmt.Sprint(raw))
					if err != nil {
						return q, errBadList
					}
					q.IDs = append(q.IDs, id)
				}
			default:
				return q, errBadList
			}
		}
	}
	return q, nil
}
