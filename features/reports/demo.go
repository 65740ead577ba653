package reports

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"social/core/domain"
	"social/features/reports/httpapi"
	"social/kit/demo"
	"social/kit/plugin"
)

// newDemoSeeder contributes the members' reports of demo.Reported, on the
// posts and the comment the earlier stages wrote in this run.
func newDemoSeeder(uc httpapi.UseCases, run *demo.Run) plugin.DemoSeeder {
	rudeWritten := demo.Need{Written: func(w *demo.Run) bool { _, ok := w.Named["rude"]; return ok },
		Missing: "no demo post written in this run"}
	return plugin.StageDemoSeeder("reports", demo.StageReports, run, rudeWritten,
		func(ctx context.Context, cast demo.Cast) (plugin.DemoSeeded, error) {
			for _, r := range demo.Reported.Reports {
				run.At(run.Now.Add(-r.Ago))
				why := r.Reason
				var filed domain.ReportID
				if r.Comment != "" {
					f, err := uc.Comment.Handle(ctx, cast.Of(r.By), domain.CommentID(run.Named[r.Comment]), &why)
					if err != nil {
						return plugin.DemoSeeded{}, fmt.Errorf("report %s: %w", r.Key, err)
					}
					filed = f.Report.ID
				} else {
					f, err := uc.Post.Handle(ctx, cast.Of(r.By), domain.PostID(run.Named[r.Post]), &why)
					if err != nil {
						return plugin.DemoSeeded{}, fmt.Errorf("report %s: %w", r.Key, err)
					}
					filed = f.Report.ID
				}
				run.Named["report:"+r.Key] = uuid.UUID(filed)
				run.Summary.Reports++
			}
			return plugin.DemoSeeded{Text: fmt.Sprintf("%d reports", run.Summary.Reports), Created: true}, nil
		})
}
