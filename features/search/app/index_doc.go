package app

import (
	"context"
	"fmt"

	"social/core/ports"
)

// DocLoader reads one document from the system of record. found is false
// when the row is gone or must not be searchable (a post that is not
// public, or has no text).
type DocLoader interface {
	LoadSearchDoc(ctx context.Context, kind ports.SearchKind, id string) (doc ports.SearchDoc, found bool, err error)
}

// IndexDoc brings one document of the index in line with the database. It
// is idempotent: running it twice, or late, leaves the index as the
// database says at that moment.
type IndexDoc struct {
	Loader DocLoader
	Index  ports.SearchIndex
}

// Handle upserts the document, or deletes it when there is nothing (or
// nothing public) to find. A kind the loader cannot read is ErrUnknownKind.
func (uc *IndexDoc) Handle(ctx context.Context, kind ports.SearchKind, id string) error {
	doc, found, err := uc.Loader.LoadSearchDoc(ctx, kind, id)
	if err != nil {
		return fmt.Errorf("read %s %s: %w", kind, id, err)
	}
	if !found || !doc.Searchable() {
		return uc.Index.Delete(ctx, kind, id)
	}
	return uc.Index.Upsert(ctx, doc)
}
