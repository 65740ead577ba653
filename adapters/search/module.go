// Package search provides the ports.SearchIndex that search.driver selects:
// an embedded Bleve index in one folder (bleve; one node) or the
// search_documents table in the main database (postgres; any number of
// nodes). Both pass one contract suite (searchtest).
package search

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/uptrace/bun"
	"go.uber.org/fx"

	"social/adapters/search/bleve"
	"social/adapters/search/postgres"
	"social/config"
	"social/core/ports"
	"social/platform/pgkit"
)

// Module provides the ports.SearchIndex of search.driver. The Bleve folder
// is opened in the start hook (and closed in the stop hook), so commands
// that only build the app never take its lock.
var Module = fx.Module("search", fx.Provide(Provide))

// Params is what Provide needs.
type Params struct {
	fx.In
	Lifecycle fx.Lifecycle
	Config    *config.Config
	Logger    *slog.Logger
	DB        *bun.DB
	// Read is the replica's handle (DB itself when none is configured).
	Read pgkit.ReadDB
}

// Provide builds the index search.driver names.
func Provide(p Params) (ports.SearchIndex, error) {
	switch p.Config.Search.Driver {
	case "bleve":
		x := bleve.New(p.Config.SearchIndexDir())
		p.Lifecycle.Append(fx.Hook{
			OnStart: func(context.Context) error {
				if err := x.Open(); err != nil {
					return fmt.Errorf("search.bleve.dir: %w", err)
				}
				if x.Rebuilt {
					p.Logger.Warn("search: the index is new (or was built by another version) and starts empty; if the database already has members or posts, run `social reindex`",
						"dir", x.Dir())
				}
				return nil
			},
			OnStop: func(context.Context) error { return x.Close() },
		})
		return x, nil
	case "postgres":
		return postgres.NewWithReplica(p.DB, p.Read.DB), nil
	}
	return nil, fmt.Errorf("search.driver: unknown value %q", p.Config.Search.Driver)
}

// Open opens the index of search.driver outside an fx app (`social
// reindex`); close lets go of it.
func Open(cfg *config.Config, db *bun.DB) (index ports.SearchIndex, close func() error, err error) {
	switch cfg.Search.Driver {
	case "bleve":
		x, err := bleve.Open(cfg.SearchIndexDir())
		if err != nil {
			return nil, nil, fmt.Errorf("search.bleve.dir: %w", err)
		}
		return x, x.Close, nil
	case "postgres":
		return postgres.New(db), func() error { return nil }, nil
	}
	return nil, nil, fmt.Errorf("search.driver: unknown value %q", cfg.Search.Driver)
}
