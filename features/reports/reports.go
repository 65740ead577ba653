// Package reports is the reports feature: members reporting posts and comments.
// Its use cases are in app/, its store and jobs in pgstore/, its routes in
// httpapi/; this file wires them.
package reports

import (
	"go.uber.org/fx"

	"social/core/ports"
	commentsstore "social/features/comments/pgstore"
	"social/features/reports/app"
	"social/features/reports/httpapi"
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
	fx.Provide(plugin.AsRoutes(httpapi.NewRoutes), plugin.AsDemoSeeder(newDemoSeeder)),
)

func newUseCases(r *reportsstore.Reports, c *commentsstore.Comments, clock ports.Clock) httpapi.UseCases {
	return httpapi.UseCases{
		Post:    &app.ReportPost{Posts: c, Reports: r, Clock: clock},
		Comment: &app.ReportComment{Comments: c, Reports: r, Clock: clock},
	}
}
