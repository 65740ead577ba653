package httpapi

import (
	"github.com/danielgtaylor/huma/v2"
	"go.uber.org/fx"

	"social/core/ports"
	commentsstore "social/features/comments/pgstore"
	reports "social/features/reports/app"
	reportsstore "social/features/reports/pgstore"
	"social/kit/plugin"
)

// Module wires the report use cases to the postgres stores and contributes
// the routes.
var Module = fx.Module("reports",
	fx.Provide(
		fx.Private,
		reportsstore.NewReports,
		commentsstore.NewCommentsWithAudiences,
		newUseCases,
	),
	fx.Provide(plugin.AsRoutes(NewRoutes)),
)

// UseCases are the report operations.
type UseCases struct {
	Post    *reports.ReportPost
	Comment *reports.ReportComment
}

func newUseCases(r *reportsstore.Reports, c *commentsstore.Comments, clock ports.Clock) UseCases {
	return UseCases{
		Post:    &reports.ReportPost{Posts: c, Reports: r, Clock: clock},
		Comment: &reports.ReportComment{Comments: c, Reports: r, Clock: clock},
	}
}

// NewRoutes contributes the report operations under /api/v1.
func NewRoutes(uc UseCases) plugin.Routes {
	return plugin.Routes{Register: func(api huma.API) {
		registerReportPost(api, uc.Post)
		registerReportComment(api, uc.Comment)
	}}
}
