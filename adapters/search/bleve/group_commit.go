package bleve

import (
	"sync"

	"github.com/blevesearch/bleve/v2"
)

// groupCommit applies the batches of writers that arrive together as one
// Bleve batch. Each Bleve batch builds a segment and sets off merges, a
// cost paid per batch rather than per document, and every new post is
// indexed by its own job: one document per batch made indexing the most
// expensive part of publishing a post. A writer whose batch arrives while
// another commit runs waits for the next one, which carries every batch
// that arrived meanwhile; the first of them commits it. A writer returns
// once its own operations are in the index, as before.
type groupCommit struct {
	mu sync.Mutex
	// committing is true while a writer commits; the others queue.
	committing bool
	pending    *bleve.Batch
	waiters    []chan commitTurn
}

// commitTurn is what a queued writer is told: the result of the commit
// that carried its batch, or that it leads the next one.
type commitTurn struct {
	err  error
	lead bool
}

// commit applies b to idx together with whatever other writers queue
// meanwhile. Later operations on the same document win, in arrival order.
func (g *groupCommit) commit(idx bleve.Index, b *bleve.Batch) error {
	turn := make(chan commitTurn, 1)
	g.mu.Lock()
	if g.pending == nil {
		g.pending = idx.NewBatch()
	}
	g.pending.Merge(b)
	g.waiters = append(g.waiters, turn)
	if g.committing {
		g.mu.Unlock()
		t := <-turn
		if !t.lead {
			return t.err
		}
		g.mu.Lock()
	}
	g.committing = true
	batch, waiters := g.pending, g.waiters
	g.pending, g.waiters = nil, nil
	g.mu.Unlock()

	err := idx.Batch(batch)

	g.mu.Lock()
	if len(g.waiters) > 0 {
		// The first writer that queued during this commit leads the next.
		g.waiters[0] <- commitTurn{lead: true}
	} else {
		g.committing = false
	}
	g.mu.Unlock()
	for _, w := range waiters {
		if w != turn {
			w <- commitTurn{err: err}
		}
	}
	return err
}
