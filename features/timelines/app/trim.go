package app

import (
	"context"
	"fmt"
)

// Trimmer deletes the rows of every timeline beyond its newest limit and
// answers how many went.
type Trimmer interface {
	Trim(ctx context.Context, limit int) (int, error)
}

// Trim keeps every timeline at Cap posts (a periodic job).
type Trim struct{ Store Trimmer }

// Handle trims; older posts stay reachable on profiles and the public feed.
func (uc *Trim) Handle(ctx context.Context) (int, error) {
	n, err := uc.Store.Trim(ctx, Cap)
	if err != nil {
		return 0, fmt.Errorf("trim timelines: %w", err)
	}
	return n, nil
}
