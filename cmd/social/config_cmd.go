package main

import (
	"github.com/spf13/cobra"
)

func newConfigCommand(g *globals) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "config",
		Short: "Inspect the configuration",
	}
	cmd.AddCommand(&cobra.Command{
		Use:   "print",
		Short: "Print the effective configuration as YAML, secrets masked",
		Long: `print shows the configuration the server would run with: the embedded
defaults, overridden by --config FILE, overridden by SOCIAL_* variables.
Secrets (auth.jwt_secret, S3 keys, the password in database.url) are masked.`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return g.cfg.Print(cmd.OutOrStdout())
		},
	})
	return cmd
}
