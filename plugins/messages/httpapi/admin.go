package httpapi

import (
	"github.com/danielgtaylor/huma/v2"

	"social/kit/adminkit"
	"social/kit/plugin"
	"social/plugins/messages/pgstore"
)

// NewAdminResource serves the console's conversations resource:
// GET /api/v1/admin/conversations (simple-rest: sort, range, filter {q, id};
// paged in SQL) and /{id}. It shows participants and counts, never texts.
func NewAdminResource(store *pgstore.Store) plugin.AdminResource {
	return plugin.AdminResource{Plugin: "messages", Name: "conversations", Register: func(api huma.API) {
		adminkit.RegisterSQLResource(api, adminkit.SQLResource[pgstore.ConversationAdminRow]{
			Name: "conversations", Singular: "conversation", DefaultSort: "created_at",
			Sortable: pgstore.AdminSortable, List: store.AdminList,
		})
	}}
}
