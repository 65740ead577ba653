package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"social/core/ports"
)

// QueuedDoc names a document whose search entry must be brought in line
// with the database.
type QueuedDoc struct {
	Kind ports.SearchKind
	ID   string
}

// IndexQueue hands out the queued documents: Take runs fn on the oldest
// (at most limit, each once) and removes them only if fn succeeds; taken is
// how many requests that was (0: none waiting, or another process is
// taking them).
type IndexQueue interface {
	Take(ctx context.Context, limit int, fn func(ctx context.Context, docs []QueuedDoc) error) (taken int, err error)
}

// DocLoader reads documents from the system of record: those of kind with
// ids that search may hold. A row that is gone or must not be found (a
// post that is not public, or has no text) is left out. A kind it cannot
// read is ErrUnknownKind.
type DocLoader interface {
	LoadSearchDocs(ctx context.Context, kind ports.SearchKind, ids []string) ([]ports.SearchDoc, error)
}

// IndexQueued brings the queued documents of the index in line with the
// database, a batch at a time. It reads each document when it runs, not
// when it was queued, so a request handled late or twice leaves the index
// as the database is then.
type IndexQueued struct {
	Queue  IndexQueue
	Loader DocLoader
	Index  ports.SearchIndex
	// Batch is how many requests one pass takes (default 500): the batch is
	// one read per kind and one index commit.
	Batch int
	Log   *slog.Logger
}

// Handle takes one batch: it upserts the documents that search may hold
// and deletes the others. A kind nobody reads (a plugin that is off) is
// dropped with a warning. taken is how many requests left the queue.
func (uc *IndexQueued) Handle(ctx context.Context) (taken int, err error) {
	return uc.Queue.Take(ctx, uc.batch(), func(ctx context.Context, docs []QueuedDoc) error {
		var kinds []ports.SearchKind
		ids := map[ports.SearchKind][]string{}
		for _, d := range docs {
			if _, ok := ids[d.Kind]; !ok {
				kinds = append(kinds, d.Kind)
			}
			ids[d.Kind] = append(ids[d.Kind], d.ID)
		}
		var upserts []ports.SearchDoc
		gone := map[ports.SearchKind][]string{}
		for _, kind := range kinds {
			found, err := uc.Loader.LoadSearchDocs(ctx, kind, ids[kind])
			if errors.Is(err, ErrUnknownKind) {
				uc.Log.WarnContext(ctx, "search documents of a kind nobody reads dropped", "kind", kind, "count", len(ids[kind]))
				continue
			}
			if err != nil {
				return fmt.Errorf("read %d %s documents: %w", len(ids[kind]), kind, err)
			}
			present := make(map[string]bool, len(found))
			for _, d := range found {
				if d.Searchable() {
					present[d.ID] = true
					upserts = append(upserts, d)
				}
			}
			for _, id := range ids[kind] {
				if !present[id] {
					gone[kind] = append(gone[kind], id)
				}
			}
		}
		if err := uc.Index.Upsert(ctx, upserts...); err != nil {
			return fmt.Errorf("index %d documents: %w", len(upserts), err)
		}
		for _, kind := range kinds {
			if err := uc.Index.Delete(ctx, kind, gone[kind]...); err != nil {
				return fmt.Errorf("remove %d %s documents: %w", len(gone[kind]), kind, err)
			}
		}
		return nil
	})
}

func (uc *IndexQueued) batch() int {
	if uc.Batch <= 0 {
		return 500
	}
	return uc.Batch
}

// Run handles batches until ctx ends: the next one at once after a full
// batch, after poll when the queue was empty, and after a pause that
// doubles up to a minute while a batch fails (the requests stay queued).
func (uc *IndexQueued) Run(ctx context.Context, poll time.Duration) {
	pause := poll
	for {
		taken, err := uc.Handle(ctx)
		wait := poll
		switch {
		case ctx.Err() != nil:
			return
		case err != nil:
			uc.Log.ErrorContext(ctx, "search indexing failed; the documents stay queued", "err", err, "retry_in", pause)
			wait, pause = pause, min(pause*2, time.Minute)
		default:
			pause = poll
			if taken >= uc.batch() {
				wait = 0
			}
		}
		if wait > 0 {
			t := time.NewTimer(wait)
			select {
			case <-ctx.Done():
				t.Stop()
				return
			case <-t.C:
			}
		}
	}
}
