package reportsapi

import (
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"social/core/app/reports"
)

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
