package httpapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"
	"github.com/google/uuid"

	"social/core/domain"
	moderation "social/features/moderation/app"
	moderationstore "social/features/moderation/pgstore"
	"social/kit/adminkit"
	"social/kit/httpkit"
	"social/kit/plugin"
)

// ResolveBody is how a moderator resolves a report.
type ResolveBody struct {
	Action string `json:"action" enum:"dismiss,remove_post,suspend_author"`
	Note   string `json:"note,omitempty" doc:"At most 500 characters; the reason recorded for the act" maxLength:"2000"`
}

// NewReports serves the reports queue for moderators: filter status,
// target_type, q; POST /{id}/resolve closes one with an act.
func NewReports(uc UseCases) plugin.AdminResource {
	lists := uc.lists()
	return plugin.AdminResource{Name: "reports", Moderators: true, Register: func(api huma.API) {
		adminkit.RegisterSQLResource(api, adminkit.SQLResource[moderationstore.AdminReport]{
			Name: "reports", Singular: "report", DefaultSort: "created_at",
			Sortable: moderationstore.AdminReportSortable, Filters: moderationstore.AdminReportNarrowing.Filters,
			List: lists.Reports,
		})
		registerAct(api, huma.Operation{
			OperationID: "admin-resolve-report", Method: http.MethodPost, Path: "/{id}/resolve",
			Summary:  "Resolve an open report: dismiss it, remove the post or suspend its author",
			Metadata: httpkit.Refuses(httpkit.Refusals{403: {moderation.CodeStaffOnly, moderation.CodeOwnAccount, moderation.CodeStaffTarget}, 404: {moderation.CodeReportNotFound}, 409: {moderation.CodeReportResolved, moderation.CodeAlreadySuspended}, 422: {moderation.CodeResolutionInvalid, moderation.CodeResolutionNeedPost, moderation.CodeNoteTooLong}}),
		}, reportNotFound, func(ctx context.Context, v domain.Viewer, id uuid.UUID, body ResolveBody) (moderationstore.AdminReport, error) {
			if _, err := uc.Resolve.Handle(ctx, v, domain.ReportID(id), body.Action, body.Note); err != nil {
				return moderationstore.AdminReport{}, err
			}
			rows, _, err := lists.Reports(ctx, byID(id))
			return only(reportNotFound, rows, err)
		})
	}}
}
