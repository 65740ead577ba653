package main

import (
	"context"
	"fmt"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"social/adapters/postgres"
)

func newMigrateCommand(g *globals) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "migrate",
		Short: "Apply, roll back or list database migrations",
		Long: `migrate manages the schema. Migrations come in sets, each versioned in its own
table: core first, then River's (the job queue), then each enabled plugin's.`,
	}
	cmd.AddCommand(
		&cobra.Command{
			Use:   "up",
			Short: "Apply every pending migration of every set",
			Args:  noArgs,
			RunE: func(cmd *cobra.Command, _ []string) error {
				return withDatabaseValue(cmd.Context(), g, func(ctx context.Context, m *postgres.Migrator) error {
					applied, err := upShowing(ctx, m, newProgressBar(cmd.ErrOrStderr(), ""))
					if err != nil {
						return err
					}
					out := cmd.OutOrStdout()
					if len(applied) == 0 {
						fmt.Fprintln(out, "Nothing to apply: the schema is up to date.")
					}
					for _, a := range applied {
						fmt.Fprintf(out, "applied %s/%s\n", a.Set, a.Name)
					}
					return nil
				})
			},
		},
		&cobra.Command{
			Use:   "down",
			Short: "Roll back the latest migration group of the last set that has one",
			Long: `down undoes one step: the most recent group of the last set (in the order
plugins, River, core) that has anything applied. Repeat it to go further back.
Never run it in production without a backup: a rollback can drop data.`,
			Args: noArgs,
			RunE: func(cmd *cobra.Command, _ []string) error {
				return withDatabaseValue(cmd.Context(), g, func(ctx context.Context, m *postgres.Migrator) error {
					set, undone, err := m.Down(ctx)
					if err != nil {
						return err
					}
					for _, n := range undone {
						fmt.Fprintf(cmd.OutOrStdout(), "rolled back %s/%s\n", set, n)
					}
					return nil
				})
			},
		},
		&cobra.Command{
			Use:   "status",
			Short: "List every migration of every set, applied or pending",
			Args:  noArgs,
			RunE: func(cmd *cobra.Command, _ []string) error {
				return withDatabaseValue(cmd.Context(), g, func(ctx context.Context, m *postgres.Migrator) error {
					st, err := m.Status(ctx)
					if err != nil {
						return err
					}
					w := tabwriter.NewWriter(cmd.OutOrStdout(), 0, 4, 2, ' ', 0)
					fmt.Fprintln(w, "SET\tMIGRATION\tSTATUS\tAPPLIED AT")
					pending := 0
					for _, s := range st {
						status, at := "pending", "-"
						if s.Applied {
							status = "applied"
							if !s.AppliedAt.IsZero() {
								at = s.AppliedAt.UTC().Format("2006-01-02 15:04:05 UTC")
							}
						} else {
							pending++
						}
						fmt.Fprintf(w, "%s\t%s\t%s\t%s\n", s.Set, s.Name, status, at)
					}
					if err := w.Flush(); err != nil {
						return err
					}
					fmt.Fprintf(cmd.OutOrStdout(), "\n%d applied, %d pending\n", len(st)-pending, pending)
					return nil
				})
			},
		},
	)
	return cmd
}
