package pgstore

import (
	"context"
	"fmt"

	"github.com/uptrace/bun"

	"social/core/ports"
	search "social/features/search/app"
	"social/platform/pgkit"
)

// SearchQueue is the table search_queue: documents whose search entry must
// be brought in line with the database. A write adds its rows in its own
// transaction (ports.SearchIndexQueue), so a request exists only if the
// change was committed and survives a crash; the indexer takes them in
// batches (search.IndexQueue).
type SearchQueue struct {
	db *bun.DB
	tx *pgkit.Transactor
}

// NewSearchQueue makes the queue on db.
func NewSearchQueue(db *bun.DB) *SearchQueue {
	return &SearchQueue{db: db, tx: pgkit.NewTransactor(db)}
}

var (
	_ ports.SearchIndexQueue = (*SearchQueue)(nil)
	_ search.IndexQueue      = (*SearchQueue)(nil)
)

// EnqueueIndex queues one document in the transaction of ctx, or on its
// own. Requests are not merged: one already taken may have been read
// before this change, so the new one must be handled too.
func (q *SearchQueue) EnqueueIndex(ctx context.Context, kind ports.SearchKind, id string) error {
	if kind == "" || id == "" {
		return fmt.Errorf("queue a search document: kind %q, id %q", kind, id)
	}
	if _, err := pgkit.IDB(ctx, q.db).NewRaw(`INSERT INTO search_queue (kind, doc_id) VALUES (?, ?)`,
		string(kind), id).Exec(ctx); err != nil {
		return fmt.Errorf("queue search document %s %s: %w", kind, id, err)
	}
	return nil
}

// EnqueueSelected queues a document of kind for every ID ids selects (one
// column, cast to text), in one statement in the transaction of ctx.
func (q *SearchQueue) EnqueueSelected(ctx context.Context, kind ports.SearchKind, ids *bun.SelectQuery) error {
	if _, err := pgkit.IDB(ctx, q.db).NewRaw(`INSERT INTO search_queue (kind, doc_id) SELECT ?, s.id::text FROM (?) AS s (id)`,
		string(kind), ids).Exec(ctx); err != nil {
		return fmt.Errorf("queue search documents of kind %s: %w", kind, err)
	}
	return nil
}

// Take hands the oldest requests (at most limit, each document once) to
// fn in a transaction that deletes them: they leave the queue only if fn
// succeeds, and fn's reads through ctx run in that transaction. One process
// takes at a time (a transaction-scoped advisory lock; the others take
// nothing): two would read the same document at different moments and the
// one writing last could write the older text.
func (q *SearchQueue) Take(ctx context.Context, limit int, fn func(ctx context.Context, docs []search.QueuedDoc) error) (int, error) {
	taken := 0
	err := q.tx.InTx(ctx, func(ctx context.Context) error {
		db := pgkit.IDB(ctx, q.db)
		var mine bool
		if err := db.NewRaw(`SELECT pg_try_advisory_xact_lock(hashtext('search_queue'))`).Scan(ctx, &mine); err != nil {
			return fmt.Errorf("lock the search queue: %w", err)
		}
		if !mine {
			return nil
		}
		var rows []struct {
			Kind  string `bun:"kind"`
			DocID string `bun:"doc_id"`
		}
		if err := db.NewRaw(`DELETE FROM search_queue WHERE seq IN (SELECT seq FROM search_queue ORDER BY seq LIMIT ?)
			RETURNING kind, doc_id`, limit).Scan(ctx, &rows); err != nil {
			return fmt.Errorf("take queued search documents: %w", err)
		}
		taken = len(rows)
		if taken == 0 {
			return nil
		}
		seen := make(map[search.QueuedDoc]bool, len(rows))
		docs := make([]search.QueuedDoc, 0, len(rows))
		for _, r := range rows {
			d := search.QueuedDoc{Kind: ports.SearchKind(r.Kind), ID: r.DocID}
			if !seen[d] {
				seen[d] = true
				docs = append(docs, d)
			}
		}
		return fn(ctx, docs)
	})
	if err != nil {
		return 0, err
	}
	return taken, nil
}
