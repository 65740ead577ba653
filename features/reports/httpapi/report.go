package httpapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"social/core/domain"
	"social/core/errs"
	reports "social/features/reports/app"
	"social/kit/httpkit"
)

// reportOperation is one kind of report: its route, what is refused, and
// the use case that files it for an ID of the target's kind.
type reportOperation[ID any] struct {
	operationID, path, summary string
	refusals                   httpkit.Refusals
	parse                      func(string) (ID, error)
	notFound                   error // for an ID that does not parse
	handle                     func(context.Context, domain.Viewer, ID, *string) (reports.Filed, error)
}

// reportInput is a report request: the target's ID from the path (each
// kind its own input type, so that the document says whose ID it is) and
// the optional form.
type reportInput interface {
	targetID() string
	form() *ReportForm
}

type postReportInput struct {
	ID   string      `path:"id" doc:"The post's ID."`
	Body *ReportForm `required:"false"`
}

func (in *postReportInput) targetID() string  { return in.ID }
func (in *postReportInput) form() *ReportForm { return in.Body }

type commentReportInput struct {
	ID   string      `path:"id" doc:"The comment's ID."`
	Body *ReportForm `required:"false"`
}

func (in *commentReportInput) targetID() string  { return in.ID }
func (in *commentReportInput) form() *ReportForm { return in.Body }

// registerReport registers POST {path}: 201 for a new report, 200 for a
// repeat of the member's earlier one.
func registerReport[ID, In any, PIn interface {
	*In
	reportInput
}](api huma.API, op reportOperation[ID]) {
	huma.Register(api, huma.Operation{
		OperationID: op.operationID, Method: http.MethodPost, Path: op.path,
		DefaultStatus: http.StatusCreated,
		Summary:       op.summary, Tags: []string{"reports"},
		Description: description, Responses: repeated(),
		Security: httpkit.Bearer, Metadata: httpkit.Refuses(op.refusals),
	}, func(ctx context.Context, in *In) (*reportOutput, error) {
		id, err := op.parse(PIn(in).targetID())
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, op.notFound)
		}
		f, err := op.handle(ctx, domain.ViewerFrom(ctx), id, reason(PIn(in).form()))
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		return output(f), nil
	})
}

func registerReportPost(api huma.API, uc *reports.ReportPost) {
	registerReport[domain.PostID, postReportInput](api, reportOperation[domain.PostID]{
		operationID: "report-post", path: "/posts/{id}/report", summary: "Report a post (idempotent)",
		refusals: httpkit.Refusals{403: {reports.CodeNoProfile, reports.CodeOwnPost},
			404: {reports.CodePostNotFound}, 422: {reports.CodeReasonTooLong}},
		parse: domain.ParsePostID, notFound: errs.NotFound(reports.CodePostNotFound, reports.MsgPostNotFound),
		handle: uc.Handle,
	})
}

func registerReportComment(api huma.API, uc *reports.ReportComment) {
	registerReport[domain.CommentID, commentReportInput](api, reportOperation[domain.CommentID]{
		operationID: "report-comment", path: "/comments/{id}/report", summary: "Report a comment (idempotent)",
		refusals: httpkit.Refusals{403: {reports.CodeNoProfile, reports.CodeOwnComment},
			404: {reports.CodeCommentNotFound}, 422: {reports.CodeReasonTooLong}},
		parse: domain.ParseCommentID, notFound: errs.NotFound(reports.CodeCommentNotFound, reports.MsgCommentNotFound),
		handle: uc.Handle,
	})
}

// ReportForm is the optional reason of a report.
type ReportForm struct {
	Reason *string `json:"reason,omitempty" maxLength:"4000" doc:"Optional, at most 500 characters."`
}

// FiledReport is a filed report.
type FiledReport struct {
	ID     string `json:"id" format:"uuid"`
	Status string `json:"status" enum:"open,dismissed,actioned"`
}

// reportOutput answers 201 for a new report and 200 for a repeat.
type reportOutput struct {
	Status int
	Body   FiledReport
}

func output(f reports.Filed) *reportOutput {
	status := http.StatusOK
	if f.Created {
		status = http.StatusCreated
	}
	return &reportOutput{Status: status, Body: FiledReport{ID: f.Report.ID.String(), Status: string(f.Report.Status)}}
}

// reason is the form's reason; the body itself is optional.
func reason(f *ReportForm) *string {
	if f == nil {
		return nil
	}
	return f.Reason
}

const description = "Files the member's report for moderators. The first report answers 201; " +
	"reporting the same target again answers 200 with that same report (the first reason is kept)."

var reportErrors = []int{http.StatusUnauthorized, http.StatusForbidden, http.StatusNotFound,
	http.StatusUnprocessableEntity}

// repeated documents the 200 of a repeat; the 201 is Huma's default
// response, whose schema registers FiledReport.
func repeated() map[string]*huma.Response {
	return map[string]*huma.Response{"200": {
		Description: "Already reported by this member: the same report.",
		Content: map[string]*huma.MediaType{"application/json": {
			Schema: &huma.Schema{Ref: "#/components/schemas/FiledReport"}}},
	}}
}
