package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"
	"github.com/uptrace/bun"
	"go.uber.org/fx"

	"social/adapters/postgres"
	searchindex "social/adapters/search"
	"social/core/app/search"
	"social/core/ports"
	"social/internal/config"
	"social/plugins/plugin"
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
			var src searchSources
			return withDatabase(cmd.Context(), g, func(ctx context.Context) error {
				if err := schemaReady(ctx, g.cfg, m); err != nil {
					return err
				}
				index, closeIndex, err := searchindex.Open(g.cfg, db)
				if err != nil {
					return err
				}
				p := newProgress(cmd.ErrOrStderr())
				uc := &search.Rebuild{Lister: postgres.NewSearchSource(db, src.List...), Index: index,
					BatchSize: reindexBatch, OnProgress: p.update}
				counts, err := uc.Handle(ctx)
				p.end()
				if cerr := closeIndex(); err == nil {
					err = cerr
				}
				if err != nil {
					return err
				}
				var parts []string
				for _, k := range []ports.SearchKind{ports.SearchUser, ports.SearchCommunity, ports.SearchPost} {
					if n, ok := counts[k]; ok || k != ports.SearchCommunity {
						parts = append(parts, fmt.Sprintf("%d %s", n, kindPlural(k, n)))
					}
				}
				_, err = fmt.Fprintf(cmd.OutOrStdout(), "Search index (%s) rebuilt: %s.\n", g.cfg.Search.Driver, strings.Join(parts, ", "))
				return err
			}, &m, &db, &src)
		},
	}
}

// searchSources are the enabled plugins' readers of their own kinds.
type searchSources struct {
	fx.In
	List []plugin.SearchSource `group:"search_sources"`
}

func kindPlural(k ports.SearchKind, n int) string {
	name := map[ports.SearchKind]string{ports.SearchUser: "user", ports.SearchPost: "post", ports.SearchCommunity: "community"}[k]
	if n == 1 {
		return name
	}
	if k == ports.SearchCommunity {
		return "communities"
	}
	return name + "s"
}

// schemaReady follows serve's rule: migrate when database.auto_migrate is
// on, otherwise refuse a schema with pending migrations.
func schemaReady(ctx context.Context, cfg *config.Config, m *postgres.Migrator) error {
	if cfg.Database.AutoMigrate {
		_, err := m.Up(ctx)
		return err
	}
	st, err := m.Status(ctx)
	if err != nil {
		return err
	}
	for _, s := range st {
		if !s.Applied {
			return fmt.Errorf("database.auto_migrate is off and migration %s/%s is pending: run `social migrate up`", s.Set, s.Name)
		}
	}
	return nil
}

// progress shows a rebuild on w: one line rewritten in place on a
// terminal, otherwise a line at every tenth of the work (logs and pipes
// get no carriage returns).
type progress struct {
	w        io.Writer
	terminal bool
	decile   int
	shown    bool
}

func newProgress(w io.Writer) *progress {
	p := &progress{w: w, decile: -1}
	if f, ok := w.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
			p.terminal = true
		}
	}
	return p
}

func (p *progress) update(pr search.Progress) {
	pct := 100
	if pr.Total > 0 {
		pct = pr.Done * 100 / pr.Total
	}
	line := fmt.Sprintf("reindex: %d/%d documents (%d%%)", pr.Done, pr.Total, pct)
	if p.terminal {
		fmt.Fprintf(p.w, "\r%s", line)
		p.shown = true
		return
	}
	if d := pct / 10; d > p.decile {
		p.decile = d
		fmt.Fprintln(p.w, line)
	}
}

func (p *progress) end() {
	if p.terminal && p.shown {
		fmt.Fprintln(p.w)
	}
}
