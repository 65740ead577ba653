package reportsapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	httpadapter "social/adapters/http"
	"social/core/app/reports"
	"social/core/domain"
	"social/core/errs"
)

func registerReportPost(api huma.API, uc *reports.ReportPost) {
	huma.Register(api, huma.Operation{
		OperationID: "report-post", Method: http.MethodPost, Path: "/posts/{id}/report",
		DefaultStatus: http.StatusCreated,
		Summary:       "Report a post (idempotent)", Tags: []string{"reports"},
		Description: description, Responses: repeated(),
		Security: httpadapter.Bearer, Metadata: httpadapter.Refuses(httpadapter.Refusals{403: {reports.CodeNoProfile, reports.CodeOwnPost}, 404: {reports.CodePostNotFound}, 422: {reports.CodeReasonTooLong}}),
	}, func(ctx context.Context, in *struct {
		ID   string      `path:"id" doc:"The post's ID."`
		Body *ReportForm `required:"false"`
	}) (*reportOutput, error) {
		id, err := domain.ParsePostID(in.ID)
		if err != nil {
			return nil, httpadapter.ProblemFrom(ctx, errs.NotFound(reports.CodePostNotFound, reports.MsgPostNotFound))
		}
		f, err := uc.Handle(ctx, domain.ViewerFrom(ctx), id, reason(in.Body))
		if err != nil {
			return nil, httpadapter.ProblemFrom(ctx, err)
		}
		return output(f), nil
	})
}
