package httpapi

import (
	"github.com/danielgtaylor/huma/v2"

	"social/kit/adminkit"
	"social/kit/plugin"
	"social/plugins/communities/pgstore"
)

// NewAdminResource serves the console's communities resource:
// GET /api/v1/admin/communities (simple-rest: sort, range, filter {q,
// privacy, id}; paged in SQL) and /{id}.
func NewAdminResource(store *pgstore.Store) plugin.AdminResource {
	return plugin.AdminResource{Plugin: "communities", Name: "communities", Register: func(api huma.API) {
		adminkit.RegisterSQLResource(api, adminkit.SQLResource[pgstore.AdminRow]{
			Name: "communities", Singular: "community", DefaultSort: "created_at",
			Sortable: pgstore.AdminSortable, Filters: pgstore.AdminNarrowing.Filters,
			List: store.AdminList,
		})
	}}
}
