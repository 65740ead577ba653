package app

import (
	"context"

	"social/core/domain"
	"social/core/ports"
)

// Indexer keeps a profile's search document in step with its row: every
// profile write queues its search document in its own transaction, so a
// crash between the commit and the indexing loses nothing.
type Indexer struct {
	Tx     ports.Transactor
	Search ports.SearchIndexQueue
	// Changes hear of every profile write in its transaction.
	Changes ports.Changes
}

// update applies fn to member id's profile and enqueues its reindexing, in
// one transaction.
func (ix Indexer) update(ctx context.Context, profiles ProfileUpdater, id domain.UserID, fn func(p *domain.Profile) error) (domain.Profile, error) {
	var out domain.Profile
	err := ix.Tx.InTx(ctx, func(ctx context.Context) (err error) {
		if out, err = profiles.Update(ctx, id, fn); err != nil {
			return err
		}
		if err := ix.Search.EnqueueIndex(ctx, ports.SearchUser, id.String()); err != nil {
			return err
		}
		return ix.Changes.Tell(ctx, ports.Change{Kind: ports.ChangeProfileUpdated, Actor: id})
	})
	return out, err
}
