// Package postgres is the ports.SearchIndex kept in the main database
// (table search_documents), for installs with several nodes: every node
// reads and writes the same index.
//
// Names (handles, display names, other kinds' names) are matched by substring
// after folding case and accents (pg_trgm indexes the folded column), as
// "contains" means; every word of the query must occur. Post text and
// other kinds' names and descriptions are matched as Portuguese words (tsvector with
// the 'portuguese' configuration over unaccented text). Queries reach SQL
// only as bound values, through plainto_tsquery and escaped LIKE patterns,
// so no character of a query has a meaning.
package postgres

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"unicode"

	"github.com/uptrace/bun"

	"social/core/ports"
	"social/platform/pgkit"
)

// Index is the PostgreSQL search index. Writes go to db; Search reads
// through read, a replica when one is configured (search is derived data,
// and a replica's lag is shorter than the indexing job's anyway).
type Index struct{ db, read *bun.DB }

var _ ports.SearchIndex = (*Index)(nil)

// New makes the index on db (search_documents must exist: core migrations).
func New(db *bun.DB) *Index { return &Index{db: db, read: db} }

// NewWithReplica makes the index writing to db and searching through read.
func NewWithReplica(db, read *bun.DB) *Index { return &Index{db: db, read: read} }

type row struct {
	bun.BaseModel `bun:"table:search_documents"`
	Kind          string          `bun:"kind,pk"`
	ID            string          `bun:"id,pk"`
	Names         string          `bun:"names"`
	Body          string          `bun:"body"`
	Public        bool            `bun:"public"`
	Doc           json.RawMessage `bun:"doc,type:jsonb"`
}

func toRow(d ports.SearchDoc) (row, error) {
	doc, err := json.Marshal(d)
	if err != nil {
		return row{}, err
	}
	return row{Kind: string(d.Kind), ID: d.ID, Public: d.Searchable(), Doc: doc,
		Names: d.IndexedNames(), Body: d.IndexedText()}, nil
}

// Upsert writes docs in one statement (and deletes the ones that are not
// searchable), in the transaction of ctx if any.
func (x *Index) Upsert(ctx context.Context, docs ...ports.SearchDoc) error {
	var rows []row
	gone := map[ports.SearchKind][]string{}
	seen := map[[2]string]int{}
	for _, d := range docs {
		if d.Kind == "" || d.ID == "" {
			return fmt.Errorf("search document with kind %q and id %q", d.Kind, d.ID)
		}
		if !d.Searchable() {
			gone[d.Kind] = append(gone[d.Kind], d.ID)
			continue
		}
		r, err := toRow(d)
		if err != nil {
			return err
		}
		// One statement may not touch a row twice: the last version wins.
		key := [2]string{r.Kind, r.ID}
		if i, ok := seen[key]; ok {
			rows[i] = r
			continue
		}
		seen[key] = len(rows)
		rows = append(rows, r)
	}
	db := pgkit.IDB(ctx, x.db)
	if len(rows) > 0 {
		_, err := db.NewInsert().Model(&rows).
			On("CONFLICT (kind, id) DO UPDATE").
			Set("names = EXCLUDED.names, body = EXCLUDED.body, public = EXCLUDED.public, doc = EXCLUDED.doc").
			Exec(ctx)
		if err != nil {
			return fmt.Errorf("upsert search documents: %w", err)
		}
	}
	for kind, ids := range gone {
		if err := x.Delete(ctx, kind, ids...); err != nil {
			return err
		}
	}
	return nil
}

// Delete removes documents of kind.
func (x *Index) Delete(ctx context.Context, kind ports.SearchKind, ids ...string) error {
	if len(ids) == 0 {
		return nil
	}
	_, err := pgkit.IDB(ctx, x.db).NewDelete().TableExpr("search_documents").
		Where("kind = ?", string(kind)).Where("id IN (?)", bun.In(ids)).Exec(ctx)
	if err != nil {
		return fmt.Errorf("delete search documents: %w", err)
	}
	return nil
}

// Reset deletes every document.
func (x *Index) Reset(ctx context.Context) error {
	if _, err := pgkit.IDB(ctx, x.db).NewRaw("DELETE FROM search_documents").Exec(ctx); err != nil {
		return fmt.Errorf("reset search documents: %w", err)
	}
	return nil
}

// words are q's runs of letters, digits and underscores (handles' alphabet).
func words(q string) []string {
	return strings.FieldsFunc(q, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_'
	})
}

var likeEscaper = strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)

// Search runs one statement per kind: names by substring (users and the
// other kinds), text by words (posts and the other kinds), best first.
func (x *Index) Search(ctx context.Context, q string, kinds []ports.SearchKind, limitPerKind int) (ports.SearchResults, error) {
	res := ports.SearchResults{}
	if limitPerKind <= 0 || strings.TrimSpace(q) == "" {
		return res, nil
	}
	ws := words(q)
	db := pgkit.IDB(ctx, x.read)
	for _, kind := range kinds {
		byNames := kind != ports.SearchPost && len(ws) > 0
		byText := kind != ports.SearchUser
		var match []string
		var args []any
		if byNames {
			var likes []string
			for _, w := range ws {
				// The pattern is folded like names_folded; folding keeps the
				// escapes (it changes letters only).
				likes = append(likes, `s.names_folded LIKE ('%' || lower(immutable_unaccent(?)) || '%')`)
				args = append(args, likeEscaper.Replace(w))
			}
			match = append(match, "("+strings.Join(likes, " AND ")+")")
		}
		if byText {
			match = append(match, "s.tsv @@ plainto_tsquery('portuguese', immutable_unaccent(?))")
			args = append(args, q)
		}
		if len(match) == 0 {
			continue
		}
		var docs []json.RawMessage
		err := db.NewRaw(`SELECT s.doc FROM search_documents AS s
			WHERE s.kind = ? AND s.public AND (`+strings.Join(match, " OR ")+`)
			ORDER BY ts_rank(s.tsv, plainto_tsquery('portuguese', immutable_unaccent(?)))
			       + similarity(s.names_folded, lower(immutable_unaccent(?))) DESC, s.id
			LIMIT ?`, append(append([]any{string(kind)}, args...), q, q, limitPerKind)...).Scan(ctx, &docs)
		if err != nil {
			return nil, fmt.Errorf("search %s: %w", kind, err)
		}
		for _, raw := range docs {
			var d ports.SearchDoc
			if err := json.Unmarshal(raw, &d); err != nil {
				return nil, fmt.Errorf("stored %s document: %w", kind, err)
			}
			res[kind] = append(res[kind], d)
		}
	}
	return res, nil
}
