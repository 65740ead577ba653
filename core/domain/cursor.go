package domain

import (
	"encoding/base64"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"
)

// ListCursor is where a page of a list ordered by (time, ID) ended: the last
// entry's time and ID. Clients get it back as an opaque string and hand it
// in for the next page.
type ListCursor[ID ~[16]byte] struct {
	At time.Time
	ID ID
}

// CursorList names the list a cursor belongs to. It opens the cursor's text,
// so a cursor of one list is refused by another instead of being read as a
// position in it.
type CursorList string

const (
	FollowsCursor  CursorList = "f" // a profile's followers or following
	SafetyCursor   CursorList = "s" // the viewer's blocks or mutes
	CommentsCursor CursorList = "c" // a post's comments
)

// Encode gives the cursor's text for list: base64url of
// "<list>|<unix microseconds>|<ID>", the precision PostgreSQL keeps.
func (c ListCursor[ID]) Encode(list CursorList) string {
	raw := string(list) + "|" + strconv.FormatInt(c.At.UnixMicro(), 10) + "|" + uuid.UUID(c.ID).String()
	return base64.RawURLEncoding.EncodeToString([]byte(raw))
}

// DecodeListCursor reads a cursor Encode gave for list; ok is false for any
// other string, a cursor of another list included.
func DecodeListCursor[ID ~[16]byte](list CursorList, s string) (c ListCursor[ID], ok bool) {
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		return c, false
	}
	parts := strings.Split(string(b), "|")
	if len(parts) != 3 || parts[0] != string(list) {
		return c, false
	}
	micros, err := strconv.ParseInt(parts[1], 10, 64)
	if err != nil {
		return c, false
	}
	id, err := uuid.Parse(parts[2])
	if err != nil {
		return c, false
	}
	return ListCursor[ID]{At: time.UnixMicro(micros).UTC(), ID: ID(id)}, true
}
