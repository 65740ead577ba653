package app

import (
	"testing"
	"time"

	"social/core/domain"
)

// Any string either fails to decode as a comments cursor or decodes to a
// position that round-trips.
func FuzzDecodeCursor(f *testing.F) {
	c := domain.ListCursor[domain.CommentID]{At: time.Date(2026, 11, 26, 10, 0, 0, 0, time.UTC), ID: domain.NewCommentID()}
	good := c.Encode(domain.CommentsCursor)
	for _, s := range []string{good, "", "lixo!", "MTIzfG5hbw", good[:7]} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, ok := domain.DecodeListCursor[domain.CommentID](domain.CommentsCursor, s)
		if !ok {
			return
		}
		again, ok := domain.DecodeListCursor[domain.CommentID](domain.CommentsCursor, got.Encode(domain.CommentsCursor))
		if !ok || !again.At.Equal(got.At) || again.ID != got.ID {
			t.Fatalf("%q decoded to %+v, which does not round-trip", s, got)
		}
	})
}
