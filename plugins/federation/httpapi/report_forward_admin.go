package httpapi

import (
	"context"
	"net/http"
	"time"

	"github.com/danielgtaylor/huma/v2"
	"github.com/google/uuid"

	"social/core/domain"
	"social/core/errs"
	moderation "social/features/moderation/app"
	"social/kit/httpkit"
	"social/kit/plugin"
	"social/plugins/federation/app"
)

// ForwardInput is the text a moderator confirms for the Flag.
type ForwardInput struct {
	Content string `json:"content,omitempty" maxLength:"2000" doc:"What the other server's moderators read, at most 500 characters; blank: the report's reason. Never who reported."`
}

// ForwardedReport is a report's forwarding to another server.
type ForwardedReport struct {
	ReportID    string     `json:"report_id"`
	Server      string     `json:"server" doc:"The host the Flag went to."`
	ActivityID  string     `json:"activity_id" doc:"The Flag's id."`
	Content     string     `json:"content"`
	ForwardedBy *string    `json:"forwarded_by" doc:"The moderator's account; null for the operator."`
	ForwardedAt *time.Time `json:"forwarded_at"`
}

// NewReportForwardResource adds to the console's reports, for
// administrators and moderators, POST /api/v1/admin/reports/{id}/forward:
// a report about another server's account's post or comment goes to that
// server as a Flag signed by the site actor, once; GET on the same path
// reads that forwarding (404 while there is none). It lives in the plugin
// so that the reports and moderation features know nothing of
// ActivityPub; without the plugin the route does not exist.
func NewReportForwardResource(forward *app.ForwardReport, read *app.ReportForwarding) plugin.AdminResource {
	return plugin.AdminResource{Plugin: "federation", Name: "reports", Moderators: true, Register: func(api huma.API) {
		huma.Register(api, huma.Operation{
			OperationID: "admin-get-report-forwarding", Method: http.MethodGet, Path: "/{id}/forward",
			Summary:  "A report's forwarding to another server: where and when it went",
			Metadata: httpkit.Refuses(httpkit.Refusals{403: {moderation.CodeStaffOnly}, 404: {app.CodeReportNotForwarded}}),
		}, func(ctx context.Context, in *struct {
			ID string `path:"id"`
		}) (*struct{ Body ForwardedReport }, error) {
			id, err := uuid.Parse(in.ID)
			if err != nil {
				return nil, errs.NotFound(app.CodeReportNotForwarded, app.MsgReportNotForwarded)
			}
			f, err := read.Handle(ctx, domain.ViewerFrom(ctx), domain.ReportID(id))
			if err != nil {
				return nil, err
			}
			return &struct{ Body ForwardedReport }{Body: forwardedReport(f)}, nil
		})
		huma.Register(api, huma.Operation{
			OperationID: "admin-forward-report", Method: http.MethodPost, Path: "/{id}/forward",
			Summary: "Forward a report about another server's post or comment to that server (a Flag from the site actor), once",
			Metadata: httpkit.Refuses(httpkit.Refusals{403: {moderation.CodeStaffOnly}, 404: {moderation.CodeReportNotFound},
				422: {app.CodeReportNotRemote, moderation.CodeReasonTooLong}}),
		}, func(ctx context.Context, in *struct {
			ID   string `path:"id"`
			Body ForwardInput
		}) (*struct{ Body ForwardedReport }, error) {
			id, err := uuid.Parse(in.ID)
			if err != nil {
				return nil, errs.NotFound(moderation.CodeReportNotFound, moderation.MsgReportNotFound)
			}
			f, err := forward.Handle(ctx, domain.ViewerFrom(ctx), domain.ReportID(id), in.Body.Content)
			if err != nil {
				return nil, err
			}
			return &struct{ Body ForwardedReport }{Body: forwardedReport(f)}, nil
		})
	}}
}

func forwardedReport(f app.Forwarding) ForwardedReport {
	out := ForwardedReport{ReportID: f.ReportID.String(), Server: f.Server, ActivityID: f.ActivityID,
		Content: f.Content, ForwardedAt: &f.At}
	if f.By != nil {
		by := f.By.String()
		out.ForwardedBy = &by
	}
	return out
}
