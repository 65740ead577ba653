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
	return plugin.DemoSeeder{Name: "decisions", Stage: demo.StageDecisions,
		Seed: func(ctx context.Context) (plugin.DemoSeeded, error) {
			r := demo.Reported
			id, ok := run.Named["report:"+r.Dismissed]
			if !ok {
				return plugin.DemoSeeded{Text: "no demo report filed in this run; nothing changed"}, nil
			}
			cast, err := run.Cast(ctx)
			if err != nil {
				return plugin.DemoSeeded{}, err
			}
			run.At(run.Now.Add(-r.DismissedAgo))
			if _, err := uc.Resolve.Handle(ctx, cast.Of(r.DismissedBy), domain.ReportID(id), app.ResolveDismiss, r.DismissNote); err != nil {
				return plugin.DemoSeeded{}, fmt.Errorf("dismiss a report: %w", err)
			}
			return plugin.DemoSeeded{Text: "1 report dismissed", Created: true}, nil
		}}
}
