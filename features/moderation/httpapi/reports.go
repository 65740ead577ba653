package httpapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"
	"github.com/google/uuid"

	"social/core/domain"
	"social/core/errs"
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
	return plugin.AdminResource{Name: "reports", Moderators: true, Register: func(api huma.API) {
		adminkit.RegisterSQLResource(api, adminkit.SQLResource[moderationstore.AdminReport]{
			Name: "reports", Singular: "report", DefaultSort: "created_at",
			Sortable: moderationstore.AdminReportSortable, Filters: []string{"status", "target_type"},
			List: func(ctx context.Context, q adminkit.SQLQuery) ([]moderationstore.AdminReport, int, error) {
				return moderationstore.AdminReports(ctx, uc.DB, moderationstore.AdminReportQuery{AdminPage: page(q),
					Status: q.FilterString("status"), TargetType: q.FilterString("target_type")})
			},
		})
		huma.Register(api, huma.Operation{
			OperationID: "admin-resolve-report", Method: http.MethodPost, Path: "/{id}/resolve",
			Summary:  "Resolve an open report: dismiss it, remove the post or suspend its author",
			Metadata: httpkit.Refuses(httpkit.Refusals{403: {moderation.CodeStaffOnly, moderation.CodeOwnAccount, moderation.CodeStaffTarget}, 404: {moderation.CodeReportNotFound}, 409: {moderation.CodeReportResolved, moderation.CodeAlreadySuspended}, 422: {moderation.CodeResolutionInvalid, moderation.CodeResolutionNeedPost, moderation.CodeNoteTooLong}}),
		}, func(ctx context.Context, in *struct {
			ID   string `path:"id"`
			Body ResolveBody
		}) (*struct{ Body moderationstore.AdminReport }, error) {
			id, err := uuid.Parse(in.ID)
			if err != nil {
				return nil, errs.NotFound("report_not_found", "Denúncia não encontrada.")
			}
			if _, err := uc.Resolve.Handle(ctx, domain.ViewerFrom(ctx), domain.ReportID(id), in.Body.Action, in.Body.Note); err != nil {
				return nil, err
			}
			rows, _, err := moderationstore.AdminReports(ctx, uc.DB, moderationstore.AdminReportQuery{
				AdminPage: moderationstore.AdminPage{IDs: []uuid.UUID{id}, Limit: 1}})
			if err != nil || len(rows) == 0 {
				return nil, err
			}
			return &struct{ Body moderationstore.AdminReport }{Body: rows[0]}, nil
		})
	}}
}
