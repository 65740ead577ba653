package app

import (
	"testing"
	"time"

	"social/core/domain"
)

// Any string either fails to decode as a feed cursor or decodes to a
// position that encodes back to a cursor with the same position.
func FuzzDecodeChronoCursor(f *testing.F) {
	item := domain.FeedItem{}
	item.CreatedAt = time.Date(2026, 11, 24, 12, 0, 0, 123000, time.UTC)
	item.ID = domain.NewPostID()
	for _, s := range []string{chronoNext([]domain.FeedItem{item}, 1), "", "lixo", "Y3wxfDI", encode("c|-1|x"), encode("r|10")} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, ok := decodeChrono(s)
		if !ok {
			return
		}
		back := domain.FeedItem{}
		back.CreatedAt, back.ID = c.CreatedAt, c.ID
		again, ok := decodeChrono(chronoNext([]domain.FeedItem{back}, 1))
		if !ok || !again.CreatedAt.Equal(c.CreatedAt) || again.ID != c.ID {
			t.Fatalf("%q decoded to %+v, which does not round-trip (%+v, %v)", s, c, again, ok)
		}
	})
}
