package follows

import (
	"context"
	"fmt"

	"social/features/follows/app"
	"social/kit/demo"
	"social/kit/plugin"
)

// newDemoSeeder contributes the follow graph of demo.Plan, a minute apart.
func newDemoSeeder(uc app.UseCases, run *demo.Run) plugin.DemoSeeder {
	return plugin.StageDemoSeeder("follows", demo.StageFollows, run, demo.NeedMembers,
		func(ctx context.Context, cast demo.Cast) (plugin.DemoSeeded, error) {
			pairs := run.Plan.Follows
			for i, f := range pairs {
				run.At(f.At)
				if _, err := uc.Follow.Handle(ctx, cast.Of(f.From), f.To); err != nil {
					return plugin.DemoSeeded{}, fmt.Errorf("%s follows %s: %w", f.From, f.To, err)
				}
				run.Summary.Follows++
				run.Tell("seguidores", i+1, len(pairs))
			}
			return plugin.DemoSeeded{Text: fmt.Sprintf("%d follows", run.Summary.Follows), Created: true}, nil
		})
}
