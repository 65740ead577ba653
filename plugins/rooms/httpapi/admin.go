package httpapi

import (
	"context"

	"github.com/danielgtaylor/huma/v2"

	"social/adapters/http/adminapi"
	"social/plugins/plugin"
	"social/plugins/rooms/pgstore"
)

// NewAdminResource serves the console's rooms resource:
// GET /api/v1/admin/rooms (simple-rest: sort, range, filter {q,
// is_active, id}; paged in SQL) and /{id}.
func NewAdminResource(store *pgstore.Store) plugin.AdminResource {
	return plugin.AdminResource{Plugin: "rooms", Name: "rooms", Register: func(api huma.API) {
		adminapi.RegisterSQLResource(api, adminapi.SQLResource[pgstore.RoomAdminRow]{
			Name: "rooms", Singular: "room", DefaultSort: "created_at",
			Sortable: pgstore.AdminSortable, Filters: []string{"is_active"},
			List: func(ctx context.Context, q adminapi.SQLQuery) ([]pgstore.RoomAdminRow, int, error) {
				aq := pgstore.AdminQuery{Sort: q.Sort, Asc: q.Asc, Offset: q.Offset, Limit: q.Limit,
					Search: q.Search, IDs: q.IDs}
				if v, ok := q.Filter["is_active"]; ok {
					active, ok := v.(bool)
					if !ok {
						return nil, 0, adminapi.ErrBadList
					}
					aq.Active = &active
				}
				return store.AdminList(ctx, aq)
			},
		})
	}}
}
