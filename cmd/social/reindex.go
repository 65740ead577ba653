package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	"github.com/uptrace/bun"
	"go.uber.org/fx"

	"social/adapters/postgres"
	searchindex "social/adapters/search"
	"social/config"
	"social/core/ports"
	search "social/features/search/app"
)

// reindexBatch is how many documents are read and written at once.
const reindexBatch = 500

func newReindexCommand(g *globals) *cobra.Command {
	return &cobra.Command{
		Use:   "reindex",
		Short: "Rebuild the search index from the database",
		Long: `reindex rebuilds the search index (search.driver) from PostgreSQL, the system
of record: it empties the index, then indexes every profile, every public
post and what the enabled features add (communities) in batches, showing progress on stderr. Run it after restoring a backup,
changing search.driver, or upgrading to a version that says so.

With search.driver bleve the index folder belongs to one process: stop
` + "`social serve`" + ` first. With postgres it can run while nodes serve; searches
find less until it ends.`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			var m *postgres.Migrator
			var db *bun.DB
			var docs search.DocLister
			return withCommands(cmd.Context(), g, fx.Options(), func(ctx context.Context) error {
				if err := postgres.EnsureSchema(ctx, g.cfg, g.logger, m); err != nil {
					return err
				}
				counts, err := rebuildSearch(ctx, g.cfg, db, docs, newProgressBar(cmd.ErrOrStderr(), "documents"))
				if err != nil {
					return err
				}
				var parts []string
				for _, k := range docs.Kinds() {
					parts = append(parts, fmt.Sprintf("%d %s", counts[k], kindPlural(k, counts[k])))
				}
				_, err = fmt.Fprintf(cmd.OutOrStdout(), "Search index (%s) rebuilt: %s.\n", g.cfg.Search.Driver, strings.Join(parts, ", "))
				return err
			}, &m, &db, &docs)
		},
	}
}

// rebuildSearch empties the search index and indexes every document again,
// showing progress on p.
func rebuildSearch(ctx context.Context, cfg *config.Config, db *bun.DB, docs search.DocLister, p *progressBar) (map[ports.SearchKind]int, error) {
	index, closeIndex, err := searchindex.Open(cfg, db)
	if err != nil {
		return nil, err
	}
	uc := &search.Rebuild{Lister: docs, Index: index, BatchSize: reindexBatch,
		OnProgress: func(pr search.Progress) { p.report("reindex", pr.Done, pr.Total) }}
	counts, err := uc.Handle(ctx)
	p.end()
	if cerr := closeIndex(); err == nil {
		err = cerr
	}
	return counts, err
}

// kindPlural names n documents of kind k: "1 user", "2 posts", "3 communities".
func kindPlural(k ports.SearchKind, n int) string {
	name := string(k)
	switch {
	case n == 1:
		return name
	case strings.HasSuffix(name, "y"):
		return strings.TrimSuffix(name, "y") + "ies"
	}
	return name + "s"
}
