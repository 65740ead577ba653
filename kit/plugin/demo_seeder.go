package plugin

import (
	"context"
	"errors"

	"social/kit/demo"
)

// NetworkDemoSeeder adds plugin's part of the demo network, after the
// core's (demo.StageFeatures): seed writes it for the demo members that
// members finds (a run's Cast, or demo.Members). Without the demo members
// there is nothing to add to, and the seeder says so.
func NetworkDemoSeeder(plugin string, members func(context.Context) (demo.Cast, error),
	seed func(ctx context.Context, cast demo.Cast) (DemoSeeded, error)) DemoSeeder {
	return DemoSeeder{Plugin: plugin, Name: plugin, Stage: demo.StageFeatures, Seed: func(ctx context.Context) (DemoSeeded, error) {
		cast, err := members(ctx)
		if errors.Is(err, demo.ErrNoNetwork) {
			return DemoSeeded{Text: "skipped: the demo members are not there"}, nil
		}
		if err != nil {
			return DemoSeeded{}, err
		}
		return seed(ctx, cast)
	}}
}

// StageDemoSeeder adds a core feature's part of the demo network at stage,
// on what the earlier stages wrote in run: when need was written in this
// run, seed writes the part for the run's cast; when it was not (the
// network was there before), the seeder changes nothing and says what it
// did not find.
func StageDemoSeeder(name string, stage int, run *demo.Run, need demo.Need,
	seed func(ctx context.Context, cast demo.Cast) (DemoSeeded, error)) DemoSeeder {
	return DemoSeeder{Name: name, Stage: stage, Seed: func(ctx context.Context) (DemoSeeded, error) {
		if !need.Written(run) {
			return DemoSeeded{Text: need.Missing + "; nothing changed"}, nil
		}
		cast, err := run.Cast(ctx)
		if err != nil {
			return DemoSeeded{}, err
		}
		return seed(ctx, cast)
	}}
}
