package app

import (
	"context"
	"errors"
	"fmt"

	"social/core/ports"
)

// ErrUnknownKind is a kind no source can read (a plugin's kind while the
// plugin is off).
var ErrUnknownKind = errors.New("unknown search kind")

// DocLister pages through every searchable document of a kind in the
// system of record, ordered by ID: the page after ID after ("" for the
// first), at most limit documents. Kinds it cannot read (yet) are absent
// from Kinds.
type DocLister interface {
	Kinds() []ports.SearchKind
	CountSearchDocs(ctx context.Context, kind ports.SearchKind) (int, error)
	ListSearchDocs(ctx context.Context, kind ports.SearchKind, after string, limit int) ([]ports.SearchDoc, error)
}

// Progress is where a rebuild stands: done of total documents.
type Progress struct {
	Kind  ports.SearchKind
	Done  int
	Total int
}

// Rebuild empties the index and fills it again from the database.
type Rebuild struct {
	Lister DocLister
	Index  ports.SearchIndex
	// BatchSize is how many documents are read and written at once.
	BatchSize int
	// OnProgress hears after every batch.
	OnProgress func(Progress)
}

// Handle returns how many documents of each kind were indexed. Changes
// committed while it runs are caught either by the rebuild or by their
// queued request, which the indexer takes after.
func (uc *Rebuild) Handle(ctx context.Context) (map[ports.SearchKind]int, error) {
	size := uc.BatchSize
	if size <= 0 {
		size = 500
	}
	kinds := uc.Lister.Kinds()
	total := 0
	for _, k := range kinds {
		n, err := uc.Lister.CountSearchDocs(ctx, k)
		if err != nil {
			return nil, fmt.Errorf("count %s documents: %w", k, err)
		}
		total += n
	}
	if err := uc.Index.Reset(ctx); err != nil {
		return nil, fmt.Errorf("reset the index: %w", err)
	}
	counts := map[ports.SearchKind]int{}
	done := 0
	for _, k := range kinds {
		after := ""
		for {
			docs, err := uc.Lister.ListSearchDocs(ctx, k, after, size)
			if err != nil {
				return counts, fmt.Errorf("read %s documents: %w", k, err)
			}
			if len(docs) == 0 {
				break
			}
			if err := uc.Index.Upsert(ctx, docs...); err != nil {
				return counts, fmt.Errorf("index %s documents: %w", k, err)
			}
			counts[k] += len(docs)
			done += len(docs)
			after = docs[len(docs)-1].ID
			if uc.OnProgress != nil {
				// Rows written since the count make done pass total; the
				// total grows with them rather than showing more than 100%.
				total = max(total, done)
				uc.OnProgress(Progress{Kind: k, Done: done, Total: total})
			}
			if len(docs) < size {
				break
			}
		}
	}
	return counts, nil
}
