package main

import (
	"encoding/json"
	"fmt"

	"github.com/danielgtaylor/huma/v2"
	"github.com/spf13/cobra"
	"go.uber.org/fx"

	"social/assembly"
	"social/plugins"
)

func newOpenAPICommand(g *globals) *cobra.Command {
	return &cobra.Command{
		Use:   "openapi",
		Short: "Print the OpenAPI 3.1 document of the API (as served at /api/openapi.json)",
		Long: `openapi prints the API's OpenAPI 3.1 document without starting anything or
touching a database. The frontends' TypeScript types are generated from it
(make api-types).`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			var api huma.API
			// Building the app without starting it registers every route.
			app := fx.New(assembly.Server(g.cfg, g.logger, plugins.All()), fx.Populate(&api))
			if err := app.Err(); err != nil {
				return err
			}
			b, err := json.MarshalIndent(api.OpenAPI(), "", "  ")
			if err != nil {
				return err
			}
			_, err = fmt.Fprintln(cmd.OutOrStdout(), string(b))
			return err
		},
	}
}
