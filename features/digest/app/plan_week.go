package app

import (
	"context"
	"fmt"
	"time"

	"social/core/domain"
	"social/core/ports"
)

// planBatch is how many members one query of the run reads and one
// statement queues.
const planBatch = 500

// PlanWeek is the periodic run: once the week's sending time has come
// (SendAfter past Monday 00:00 UTC), it queues one digest job per member
// who has the digest on, none for this week yet, and an unread
// notification since their last. Running it again (every CheckEvery, on
// any node) queues only who is still due; the member's job decides.
type PlanWeek struct {
	Digests   Digests
	Queue     SendQueue
	Clock     ports.Clock
	SendAfter time.Duration
}

// Handle queues the due members' jobs and answers how many.
func (uc *PlanWeek) Handle(ctx context.Context) (int, error) {
	now := uc.Clock.Now()
	week := WeekOf(now)
	if now.Before(week.Add(uc.SendAfter)) {
		return 0, nil
	}
	queued := 0
	var after domain.UserID
	for {
		due, err := uc.Digests.Due(ctx, week, now.Add(-Week), after, planBatch)
		if err != nil {
			return queued, fmt.Errorf("members due a digest: %w", err)
		}
		if len(due) == 0 {
			return queued, nil
		}
		if err := uc.Queue.Enqueue(ctx, week, due); err != nil {
			return queued, fmt.Errorf("queue digests: %w", err)
		}
		queued += len(due)
		after = due[len(due)-1]
	}
}
