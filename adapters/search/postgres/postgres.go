// Package postgres is the ports.SearchIndex kept in the main database
// (table search_documents), for installs with several nodes: every node
// reads and writes the same index.
//
// Names (handles, display names, other kinds' names) are matched by substring
// after folding case and accents (pg_trgm indexes the folded column), as
// "contains" means; every word of the query must occur. Post text and
// other kinds' names and descriptions are matched as Portuguese words (tsvector with
// the 'portuguese' configuration over unaccented text); posts are answered
// newest first, the other kinds best match first. Queries reach SQL
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
type Index struct {
	db, read *bun.DB
	// newestScanned replaces NewestScanned when set (tests).
	newestScanned int
}

var _ ports.SearchIndex = (*Index)(nil)

// New makes the index on db (search_documents must exist: core migrations).
func New(db *bun.DB) *Index { return &Index{db: db, read: db} }

// NewScanning is New with another window of newest posts read one by one
// (NewestScanned), so that a test reaches the older posts with a few.
func NewScanning(db *bun.DB, newest int) *Index {
	return &Index{db: db, read: db, newestScanned: newest}
}

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
// other kinds), text by words (the kinds plugins contribute), best first;
// posts are matched by words too, newest first (searchPosts).
func (x *Index) Search(ctx context.Context, q string, kinds []ports.SearchKind, limitPerKind int) (ports.SearchResults, error) {
	res := ports.SearchResults{}
	if limitPerKind <= 0 || strings.TrimSpace(q) == "" {
		return res, nil
	}
	ws := words(q)
	db := pgkit.IDB(ctx, x.read)
	for _, kind := range kinds {
		if kind == ports.SearchPost {
			docs, err := x.searchPosts(ctx, db, q, limitPerKind)
			if err != nil {
				return nil, err
			}
			if len(docs) > 0 {
				res[kind] = docs
			}
			continue
		}
		byNames := len(ws) > 0
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
		found, err := decode(kind, docs)
		if err != nil {
			return nil, err
		}
		if len(found) > 0 {
			res[kind] = found
		}
	}
	return res, nil
}

func decode(kind ports.SearchKind, docs []json.RawMessage) ([]ports.SearchDoc, error) {
	found := make([]ports.SearchDoc, 0, len(docs))
	for _, raw := range docs {
		var d ports.SearchDoc
		if err := json.Unmarshal(raw, &d); err != nil {
			return nil, fmt.Errorf("stored %s document: %w", kind, err)
		}
		found = append(found, d)
	}
	return found, nil
}

// NewestScanned is how many of the newest posts a post search reads one
// by one, in the order of their IDs, before it asks the word index for
// the older matches. Post IDs are UUIDv7, so that order is the order of
// publication.
//
// A post search answers the newest matches first, as the Mastodon client
// API orders statuses. Ranking every match by relevance read every
// matching row: a word in a tenth of a million posts took 250 to 330 ms.
// Reading the newest rows one by one stops at the first few matches, and
// rows written one after another lie side by side on disk; a rarer word
// is found among the older posts through the word index, whose matches
// are then few. Neither plan is left to the query planner: it guesses a
// query of several common words from each word's own frequency, and a
// pair that seldom meet was read row by row across the whole table.
const NewestScanned = 5000

// searchPosts finds the newest limit posts matching q: among the
// NewestScanned newest posts first, then among the older ones.
func (x *Index) searchPosts(ctx context.Context, db bun.IDB, q string, limit int) ([]ports.SearchDoc, error) {
	scanned := x.newestScanned
	if scanned <= 0 {
		scanned = NewestScanned
	}
	var newest []json.RawMessage
	err := db.NewRaw(`SELECT w.doc FROM (
			SELECT s.id, s.public, s.tsv, s.doc FROM search_documents AS s
			WHERE s.kind = 'post' ORDER BY s.id DESC LIMIT ?) AS w
		WHERE w.public AND w.tsv @@ plainto_tsquery('portuguese', immutable_unaccent(?))
		ORDER BY w.id DESC LIMIT ?`, scanned, q, limit).Scan(ctx, &newest)
	if err != nil {
		return nil, fmt.Errorf("search newest posts: %w", err)
	}
	found, err := decode(ports.SearchPost, newest)
	if err != nil || len(found) == limit {
		return found, err
	}
	// The oldest post read one by one bounds the older ones. The window
	// is read in an index-only scan, as IDs alone.
	var bound []string
	err = db.NewRaw(`SELECT s.id FROM search_documents AS s WHERE s.kind = 'post'
		ORDER BY s.id DESC OFFSET ? LIMIT 1`, scanned-1).Scan(ctx, &bound)
	if err != nil {
		return nil, fmt.Errorf("search posts: the oldest of the newest: %w", err)
	}
	if len(bound) == 0 {
		return found, nil // fewer posts than the window: all were read
	}
	// MATERIALIZED keeps the planner from reading the older posts one by
	// one in ID order, which it would choose for a query it takes as
	// common; these matches are known to be sparse.
	var older []json.RawMessage
	err = db.NewRaw(`WITH m AS MATERIALIZED (
			SELECT s.id, s.doc FROM search_documents AS s
			WHERE s.kind = 'post' AND s.public AND s.id < ?
			AND s.tsv @@ plainto_tsquery('portuguese', immutable_unaccent(?)))
		SELECT m.doc FROM m ORDER BY m.id DESC LIMIT ?`, bound[0], q, limit-len(found)).Scan(ctx, &older)
	if err != nil {
		return nil, fmt.Errorf("search older posts: %w", err)
	}
	rest, err := decode(ports.SearchPost, older)
	if err != nil {
		return nil, err
	}
	return append(found, rest...), nil
}
