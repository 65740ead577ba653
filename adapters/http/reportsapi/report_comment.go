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

func registerReportComment(api huma.API, uc *reports.ReportComment) {
	huma.Register(api, huma.Operation{
		OperationID: "report-comment", Method: http.MethodPost, Path: "/comments/{id}/report",
		DefaultStatus: http.StatusCreated,
		Summary:       "Report a comment (idempotent)", Tags: []string{"reports"},
		Description: description, Responses: repeated(),
		Security: httpadapter.Bearer, Metadata: httpadapter.Refuses(httpadapter.Refusals{403: {reports.CodeNoProfile, reports.CodeOwnComment}, 404: {reports.CodeCommentNotFound}, 422: {reports.CodeReasonTooLong}}),
	}, func(ctx context.Context, in *struct {
		ID   string      `path:"id" doc:"The comment's ID."`
		Body *ReportForm `required:"false"`
	}) (*reportOutput, error) {
		id, err := domain.ParseCommentID(in.ID)
		if err != nil {
			return nil, httpadapter.ProblemFrom(ctx, errs.NotFound(reports.CodeCommentNotFound, reports.MsgCommentNotFound))
		}
		f, err := uc.Handle(ctx, domain.ViewerFrom(ctx), id, reason(in.Body))
		if err != nil {
			return nil, httpadapter.ProblemFrom(ctx, err)
		}
		return output(f), nil
	})
}
