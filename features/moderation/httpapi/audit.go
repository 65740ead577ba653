package httpapi

import (
	"github.com/danielgtaylor/huma/v2"

	moderationstore "social/features/moderation/pgstore"
	"social/kit/adminkit"
	"social/kit/plugin"
)

// NewAudit serves the audit log to administrators, read-only: list
// (filter action, actor_id, target_type, target_id, q) and show. Nothing
// in the API writes or deletes it.
func NewAudit(uc UseCases) plugin.AdminResource {
	return plugin.AdminResource{Name: "audit", Register: func(api huma.API) {
		adminkit.RegisterSQLResource(api, adminkit.SQLResource[moderationstore.AdminAuditEntry]{
			Name: "audit", Singular: "audit-entry", DefaultSort: "created_at",
			Sortable: moderationstore.AdminAuditSortable, Filters: moderationstore.AdminAuditNarrowing.Filters,
			List: uc.lists().Audit,
		})
	}}
}
