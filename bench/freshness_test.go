package bench

import (
	"strings"
	"testing"
)

// The line names the most followed author's late posts instead of a p99
// of nothing when some or all of them missed the deadline.
func TestFreshnessTopLineSaysHowManyWereLate(t *testing.T) {
	for _, c := range []struct {
		fresh Freshness
		want  string
	}{
		{Freshness{}, ""},
		{Freshness{TopFollowers: 9999, TopPosts: 15, TopTimelineP99: 612.4}, "(9999): in the last one's timeline p99 612 ms"},
		{Freshness{TopFollowers: 99999, TopPosts: 15, TopTimeouts: 15}, "(99999): none of 15 in the last one's timeline in time"},
		{Freshness{TopFollowers: 99999, TopPosts: 15, TopTimeouts: 4, TopTimelineP99: 8100}, "(99999): 4 of 15 late, the others in the last one's timeline p99 8100 ms"},
	} {
		got := c.fresh.TopLine()
		if c.want == "" && got != "" || !strings.HasSuffix(got, c.want) {
			t.Errorf("%+v: %q, want it to end with %q", c.fresh, got, c.want)
		}
	}
}
