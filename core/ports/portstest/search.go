package portstest

import (
	"context"

	"social/core/ports"
)

// SearchQueue is a ports.SearchIndexQueue that keeps the documents it was
// asked to index, in order, each as "kind:id".
type SearchQueue struct{ Queued []string }

// EnqueueIndex records the document.
func (q *SearchQueue) EnqueueIndex(_ context.Context, kind ports.SearchKind, id string) error {
	q.Queued = append(q.Queued, string(kind)+":"+id)
	return nil
}
