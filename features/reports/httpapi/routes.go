package httpapi

import (
	"github.com/danielgtaylor/huma/v2"

	reports "social/features/reports/app"
	"social/kit/plugin"
)

// UseCases are the report operations.
type UseCases struct {
	Post    *reports.ReportPost
	Comment *reports.ReportComment
}

// NewRoutes contributes the report operations under /api/v1.
func NewRoutes(uc UseCases) plugin.Routes {
	return plugin.Routes{Register: func(api huma.API) {
		registerReportPost(api, uc.Post)
		registerReportComment(api, uc.Comment)
	}}
}
