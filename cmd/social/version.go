package main

import (
	"fmt"
	"runtime"

	"github.com/spf13/cobra"

	"social/config"
)

func newVersionCommand() *cobra.Command {
	return &cobra.Command{
		Use:         "version",
		Short:       "Print the version of this binary",
		Args:        noArgs,
		Annotations: map[string]string{"config": "none"},
		RunE: func(cmd *cobra.Command, _ []string) error {
			_, err := fmt.Fprintf(cmd.OutOrStdout(), "social %s (commit %s, %s)\n", config.Version, config.Commit, runtime.Version())
			return err
		},
	}
}
