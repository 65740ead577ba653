package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/spf13/cobra"
	"github.com/uptrace/bun"
	"go.uber.org/fx"

	"social/adapters/postgres"
	"social/core/app/posts"
	"social/core/domain"
	"social/core/ports"
	"social/plugins/plugin"
)

type seeders struct {
	fx.In
	List  []plugin.DemoSeeder `group:"demo_seeders"`
	DB    *bun.DB
	Clock ports.Clock
}

func newSeedDemoCommand(g *globals) *cobra.Command {
	var forEmail string
	cmd := &cobra.Command{
		Use:   "seed-demo",
		Short: "Apply migrations and add each feature's demo data (skipping what exists)",
		Long: `seed-demo brings the schema up to date, then runs every demo-data seeder that
the enabled features provide. Seeders skip data that already exists, so running
it twice adds nothing the second time.

With --for EMAIL it also creates that member's demo posts (the same as the
"demo data" card of the feed), unless they already have a post.`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			var m *postgres.Migrator
			var s seeders
			return withDatabase(cmd.Context(), g, func(ctx context.Context) error {
				if _, err := m.Up(ctx); err != nil {
					return err
				}
				out := cmd.OutOrStdout()
				if forEmail != "" {
					if err := seedMember(ctx, s, forEmail, out); err != nil {
						return err
					}
				}
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
	cmd.Flags().StringVar(&forEmail, "for", "", "e-mail of a member to create demo posts for")
	return cmd
}

// seedMember runs posts.SeedDemo for the member with e-mail email.
func seedMember(ctx context.Context, s seeders, email string, out interface{ Write([]byte) (int, error) }) error {
	acc, err := postgres.NewAccounts(s.DB).ByEmail(ctx, email)
	if errors.Is(err, domain.ErrNotFound) {
		return fmt.Errorf("--for: no account with e-mail %q", email)
	}
	if err != nil {
		return err
	}
	uc := &posts.SeedDemo{Tx: postgres.NewTransactor(s.DB), Posts: postgres.NewPosts(s.DB), Clock: s.Clock}
	res, err := uc.For(ctx, acc.ID)
	if err != nil {
		return err
	}
	if res.Skipped {
		fmt.Fprintf(out, "posts: %s already has posts; nothing created\n", email)
		return nil
	}
	fmt.Fprintf(out, "posts: %d demo posts created for %s (communities come with the communities feature)\n", len(res.Posts), email)
	return nil
}
