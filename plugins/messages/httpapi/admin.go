package httpapi

import (
	"social/kit/adminkit"
	"social/kit/plugin"
	"social/plugins/messages/pgstore"
)

// NewAdminResource serves the console's conversations resource:
// GET /api/v1/admin/conversations (simple-rest: sort, range, filter {q, id};
// paged in SQL) and /{id}. It shows participants and counts, never texts.
func NewAdminResource(store *pgstore.Store) plugin.AdminResource {
	return adminkit.Resource("conversations", "conversation", pgstore.AdminList, store.AdminRows).Contribution("messages")
}
