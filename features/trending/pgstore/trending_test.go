package pgstore_test

import (
	"fmt"
	"sync"
	"testing"
	"time"

	"social/core/ports"
	trendingstore "social/features/trending/pgstore"
	"social/tests/testkit"
	"social/tests/testkit/sqlrig"
)

func TestMain(m *testing.M) { testkit.Main(m) }

// Two refreshes at once (the job enqueued at start and the hourly one, or
// two nodes) each replace the whole chart: one of them wins, neither fails,
// and the chart is never a mix of the two.
func TestConcurrentReplacesEachLeaveOneWholeChart(t *testing.T) {
	rig := sqlrig.New(t)
	store := trendingstore.NewTrendingTracks(rig.DB)
	chart := func(name string, n int) []ports.TrendingTrack {
		tracks := make([]ports.TrendingTrack, n)
		for i := range tracks {
			tracks[i] = ports.TrendingTrack{ID: fmt.Sprintf("%s-%d", name, i), Title: name, Artist: name}
		}
		return tracks
	}
	for round := range 20 {
		var wg sync.WaitGroup
		errs := make([]error, 4)
		for w := range errs {
			wg.Go(func() {
				errs[w] = store.Replace(rig.Ctx, chart(fmt.Sprintf("r%dw%d", round, w), 3+w), time.Now())
			})
		}
		wg.Wait()
		for _, err := range errs {
			if err != nil {
				t.Fatalf("round %d: %v", round, err)
			}
		}
		got, err := store.Chart(rig.Ctx)
		if err != nil {
			t.Fatal(err)
		}
		for _, tr := range got.Tracks {
			if tr.Title != got.Tracks[0].Title {
				t.Fatalf("round %d: a mix of two charts: %+v", round, got.Tracks)
			}
		}
	}
}
