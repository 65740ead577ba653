package httpapi

import (
	"github.com/danielgtaylor/huma/v2"

	"social/kit/adminkit"
	"social/kit/plugin"
	"social/plugins/stories/pgstore"
)

// NewAdminResource serves the console's stories resource:
// GET /api/v1/admin/stories (simple-rest: sort, range, filter {q,
// author_id, id}; paged in SQL) and /{id}.
func NewAdminResource(store *pgstore.Store) plugin.AdminResource {
	return plugin.AdminResource{Plugin: "stories", Name: "stories", Register: func(api huma.API) {
		adminkit.RegisterSQLResource(api, adminkit.SQLResource[pgstore.StoryAdminRow]{
			Name: "stories", Singular: "story", DefaultSort: "created_at",
			Sortable: pgstore.AdminSortable, Filters: pgstore.AdminNarrowing.Filters,
			List: store.AdminList,
		})
	}}
}
