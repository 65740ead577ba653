package moderation

import (
	"context"
	"fmt"

	"social/core/domain"
	"social/features/moderation/app"
	"social/features/moderation/httpapi"
	"social/kit/demo"
	"social/kit/plugin"
)

// newDemoDecisions contributes the moderators' past work: the older report
// of demo.Reported, dismissed, so that the audit log holds a decision.
func newDemoDecisions(uc httpapi.UseCases, run *demo.Run) plugin.DemoSeeder {
	r := demo.Reported
	dismissed := "report:" + r.Dismissed
	filed := demo.Need{Written: func(w *demo.Run) bool { _, ok := w.Named[dismissed]; return ok },
		Missing: "no demo report filed in this run"}
	return plugin.StageDemoSeeder("decisions", demo.StageDecisions, run, filed,
		func(ctx context.Context, cast demo.Cast) (plugin.DemoSeeded, error) {
			run.At(run.Now.Add(-r.DismissedAgo))
			id := domain.ReportID(run.Named[dismissed])
			if _, err := uc.Resolve.Handle(ctx, cast.Of(r.DismissedBy), id, app.ResolveDismiss, r.DismissNote); err != nil {
				return plugin.DemoSeeded{}, fmt.Errorf("dismiss a report: %w", err)
			}
			return plugin.DemoSeeded{Text: "1 report dismissed", Created: true}, nil
		})
}
