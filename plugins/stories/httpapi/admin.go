package httpapi

import (
	"context"

	"github.com/danielgtaylor/huma/v2"
	"github.com/google/uuid"

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
			Sortable: pgstore.AdminSortable, Filters: []string{"author_id"},
			List: func(ctx context.Context, q adminkit.SQLQuery) ([]pgstore.StoryAdminRow, int, error) {
				aq := pgstore.AdminQuery{Sort: q.Sort, Asc: q.Asc, Offset: q.Offset, Limit: q.Limit,
					Search: q.Search, IDs: q.IDs}
				if v, ok := q.Filter["author_id"]; ok {
					s, ok := v.(string)
					id, err := uuid.Parse(s)
					if !ok || err != nil {
						return nil, 0, adminkit.ErrBadList
					}
					aq.Author = &id
				}
				return store.AdminList(ctx, aq)
			},
		})
	}}
}
