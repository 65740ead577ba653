package main

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"
	"go.uber.org/fx"

	"social/adapters/postgres"
	"social/plugins/plugin"
)

type seeders struct {
	fx.In
	List []plugin.DemoSeeder `group:"demo_seeders"`
}

func newSeedDemoCommand(g *globals) *cobra.Command {
	return &cobra.Command{
		Use:   "seed-demo",
		Short: "Apply migrations and add each feature's demo data (skipping what exists)",
		Long: `seed-demo brings the schema up to date, then runs every demo-data seeder that
the enabled features provide. Seeders skip data that already exists, so running
it twice adds nothing the second time.`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			var m *postgres.Migrator
			var s seeders
			return withDatabase(cmd.Context(), g, func(ctx context.Context) error {
				if _, err := m.Up(ctx); err != nil {
					return err
				}
				out := cmd.OutOrStdout()
				if len(s.List) == 0 {
					fmt.Fprintln(out, "No enabled feature provides demo data.")
					return nil
				}
				for _, sd := range s.List {
					summary, err := sd.Seed(ctx)
					if err != nil {
						return fmt.Errorf("seed %s: %w", sd.Name, err)
					}
					fmt.Fprintf(out, "%s: %s\n", sd.Name, summary)
				}
				return nil
			}, &m, &s)
		},
	}
}
