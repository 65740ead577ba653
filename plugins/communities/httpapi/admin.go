package httpapi

import (
	"social/kit/adminkit"
	"social/kit/plugin"
	"social/plugins/communities/pgstore"
)

// NewAdminResource serves the console's communities resource:
// GET /api/v1/admin/communities (simple-rest: sort, range, filter {q,
// privacy, id}; paged in SQL) and /{id}.
func NewAdminResource(store *pgstore.Store) plugin.AdminResource {
	return adminkit.Resource("communities", "community", pgstore.AdminList, store.AdminRows).Contribution("communities")
}
