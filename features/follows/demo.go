package follows

import (
	"context"
	"fmt"

	"social/features/follows/httpapi"
	"social/kit/demo"
	"social/kit/plugin"
)

// newDemoSeeder contributes the follow graph of demo.Plan, a minute apart.
func newDemoSeeder(uc httpapi.UseCases, run *demo.Run) plugin.DemoSeeder {
	return plugin.DemoSeeder{Name: "follows", Stage: demo.StageFollows,
		Seed: func(ctx context.Context) (plugin.DemoSeeded, error) {
			cast, writing, err := run.Writing(ctx)
			if !writing {
				return plugin.DemoSeeded{Text: "no demo member joined in this run; nothing changed"}, err
			}
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
		}}
}
