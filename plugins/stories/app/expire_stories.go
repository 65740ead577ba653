package app

import (
	"context"
	"fmt"
)

// ExpireStories deletes the stories whose 24 hours are over (their views
// go with them). Reads already hide them from that moment; this keeps the
// tables small. Running it twice deletes nothing more.
type ExpireStories struct{ *Stories }

// expireBatch bounds one statement, so a backlog never holds a long lock.
const expireBatch = 1000

// Handle answers how many stories it deleted.
func (uc *ExpireStories) Handle(ctx context.Context) (int, error) {
	now := uc.Clock.Now()
	total := 0
	for {
		n, err := uc.Store.DeleteExpired(ctx, now, expireBatch)
		total += n
		if err != nil {
			return total, errf("expire stories: %w", err)
		}
		if n < expireBatch {
			return total, nil
		}
	}
}

func errf(format string, args ...any) error { return fmt.Errorf("stories: "+format, args...) }
