package httpapi

import (
	"social/kit/adminkit"
	"social/kit/plugin"
	"social/plugins/stories/pgstore"
)

// NewAdminResource serves the console's stories resource:
// GET /api/v1/admin/stories (simple-rest: sort, range, filter {q,
// author_id, id}; paged in SQL) and /{id}.
func NewAdminResource(store *pgstore.Store) plugin.AdminResource {
	return adminkit.Resource("stories", "story", pgstore.AdminList, store.AdminRows).Contribution("stories")
}
