package main

import (
	"log/slog"
	"os"

	"github.com/spf13/cobra"

	"social/adapters/logging"
	"social/config"
	"social/kit/plugin"
	"social/plugins"
)

// globals are the values every command shares once the root has run.
type globals struct {
	configFile string
	cfg        *config.Config
	logger     *slog.Logger
}

func newRootCommand() *cobra.Command {
	g := &globals{}
	root := &cobra.Command{
		Use:   "social",
		Short: "The social network: API, member app, admin console, jobs and operator tools in one binary",
		Long: `social serves a Brazilian-Portuguese social network from one binary: the API
under /api/v1 (OpenAPI at /api/openapi.json), the member app at /, the admin
console at /admin, and its background jobs.

Configuration comes from the embedded defaults (see configs/default.yaml),
then the file given with --config, then SOCIAL_* environment variables.
With no database URL, a private PostgreSQL cluster is started under the data
folder from the machine's PostgreSQL binaries.`,
		SilenceUsage:  true,
		SilenceErrors: true,
		PersistentPreRunE: func(cmd *cobra.Command, _ []string) error {
			if cmd.Annotations["config"] == "none" {
				return nil
			}
			cfg, err := config.Load(g.configFile, plugin.ConfigSections(plugins.All())...)
			if err != nil {
				return err
			}
			g.cfg = cfg
			g.logger = logging.New(cfg, os.Stderr)
			slog.SetDefault(g.logger)
			return nil
		},
	}
	root.PersistentFlags().StringVar(&g.configFile, "config", "", "YAML file merged over the defaults (keys as in configs/default.yaml)")
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return usageError{err} })
	root.AddCommand(
		newServeCommand(g),
		newMigrateCommand(g),
		newSeedDemoCommand(g),
		newReindexCommand(g),
		newConfigCommand(g),
		newOpenAPICommand(g),
		newMailCommand(g),
		newUserCommand(g),
		newFederationCommand(g),
		newPushKeysCommand(),
		newVersionCommand(),
	)
	return root
}

// noArgs rejects extra arguments as a usage error.
func noArgs(cmd *cobra.Command, args []string) error {
	if err := cobra.NoArgs(cmd, args); err != nil {
		return usageError{err}
	}
	return nil
}
