package domain_test

import (
	"encoding/base64"
	"testing"
	"time"

	"social/core/domain"
)

func TestListCursorRoundTrip(t *testing.T) {
	at := time.Date(2026, 11, 26, 10, 0, 0, 123456789, time.FixedZone("BRT", -3*3600))
	c := domain.ListCursor[domain.FollowID]{At: at, ID: domain.NewFollowID()}
	got, ok := domain.DecodeListCursor[domain.FollowID](domain.FollowsCursor, c.Encode(domain.FollowsCursor))
	if !ok || got.ID != c.ID || !got.At.Equal(at.Truncate(time.Microsecond)) || got.At.Location() != time.UTC {
		t.Fatalf("round trip of %+v: %+v %v", c, got, ok)
	}
}

// Each list's cursor is refused by the others, so a client mixing them up
// gets the list's invalid-cursor answer instead of a page from nowhere.
func TestListCursorRefusesAnotherList(t *testing.T) {
	lists := []domain.CursorList{domain.FollowsCursor, domain.SafetyCursor, domain.CommentsCursor}
	c := domain.ListCursor[domain.UserID]{At: time.Now(), ID: domain.NewUserID()}
	for _, from := range lists {
		for _, to := range lists {
			_, ok := domain.DecodeListCursor[domain.UserID](to, c.Encode(from))
			if ok != (from == to) {
				t.Fatalf("a %q cursor decoded as %q: %v", from, to, ok)
			}
		}
	}
}

func TestListCursorRefusesMalformed(t *testing.T) {
	c := domain.ListCursor[domain.CommentID]{At: time.Now(), ID: domain.NewCommentID()}
	good := c.Encode(domain.CommentsCursor)
	b64 := func(s string) string { return base64.RawURLEncoding.EncodeToString([]byte(s)) }
	for _, bad := range []string{
		"", "lixo!", good[:5], good + "=",
		b64("c|123"), b64("c|abc|" + c.ID.String()), b64("c|123|nao-e-uuid"), b64("c|123|" + c.ID.String() + "|x"),
		b64("123|" + c.ID.String()), // the unprefixed form
	} {
		if got, ok := domain.DecodeListCursor[domain.CommentID](domain.CommentsCursor, bad); ok {
			t.Fatalf("%q decoded to %+v", bad, got)
		}
	}
}
