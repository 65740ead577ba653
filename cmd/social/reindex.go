package main

import (
	"fmt"

	"github.com/spf13/cobra"
)

func newReindexCommand(g *globals) *cobra.Command {
	return &cobra.Command{
		Use:   "reindex",
		Short: "Rebuild the search index from the database",
		Long: `reindex rebuilds the search index (search.driver) from PostgreSQL, the system
of record. Run it after restoring a backup or changing search.driver.`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			// Members, communities and posts become searchable with the search
			// feature; until then there is nothing to index.
			_, err := fmt.Fprintf(cmd.OutOrStdout(), "Search index (%s): no searchable content yet; nothing to rebuild.\n", g.cfg.Search.Driver)
			return err
		},
	}
}
