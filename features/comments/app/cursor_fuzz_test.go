package app

import (
	"testing"
	"time"

	"social/core/domain"
)

// Any string either fails to decode as a comments cursor or decodes to a
// position that round-trips.
func FuzzDecodeCursor(f *testing.F) {
	c := Cursor{CreatedAt: time.Date(2026, 11, 26, 10, 0, 0, 0, time.UTC), ID: domain.NewCommentID()}
	for _, s := range []string{encodeCursor(c), "", "lixo!", "MTIzfG5hbw", encodeCursor(c)[:7]} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, ok := decodeCursor(s)
		if !ok {
			return
		}
		again, ok := decodeCursor(encodeCursor(got))
		if !ok || !again.CreatedAt.Equal(got.CreatedAt) || again.ID != got.ID {
			t.Fatalf("%q decoded to %+v, which does not round-trip", s, got)
		}
	})
}
