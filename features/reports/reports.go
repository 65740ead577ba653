// Package reports is the reports feature: members reporting posts and comments.
// Its use cases are in app/, its store and jobs in pgstore/, its routes in
// httpapi/; this file wires them.
package reports

import (
	"go.uber.org/fx"

	"social/core/ports"
	comments "social/features/comments/app"
	moderation "social/features/moderation/app"
	push "social/features/push/app"
	"social/features/reports/app"
	"social/features/reports/httpapi"
	reportsstore "social/features/reports/pgstore"
	"social/kit/plugin"
)

// Module wires the report use cases to the postgres store and to the posts
// and comments as the comments feature reads them, and contributes the
// routes.
var Module = fx.Module("reports",
	fx.Provide(
		fx.Private,
		reportsstore.NewReports,
		newUseCases,
	),
	fx.Provide(plugin.AsRoutes(httpapi.NewRoutes), plugin.AsDemoSeeder(newDemoSeeder)),
	// The federation plugin files the reports other servers send (Flag).
	fx.Provide(func(uc httpapi.UseCases) *app.ReportPost { return uc.Post }),
	// Moderators resolve reports: the rows are this feature's.
	fx.Provide(func(r *reportsstore.Reports) moderation.ReportLocker { return r }),
)

func newUseCases(r *reportsstore.Reports, p comments.PostReader, c comments.CommentReader, clock ports.Clock,
	tx ports.Transactor, staff *push.Fanout) httpapi.UseCases {
	filing := app.Filing{Reports: r, Clock: clock, Tx: tx, Staff: staff}
	return httpapi.UseCases{
		Post:    &app.ReportPost{Filing: filing, Posts: p},
		Comment: &app.ReportComment{Filing: filing, Comments: c},
	}
}
