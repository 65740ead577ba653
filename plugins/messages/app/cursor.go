package app

import (
	"encoding/base64"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"
)

// EncodeCursor makes the opaque cursor of c.
func EncodeCursor(c Cursor) string {
	raw := strconv.FormatInt(c.At.UnixMicro(), 10) + "|" + c.ID.String()
	return base64.RawURLEncoding.EncodeToString([]byte(raw))
}

// decodeCursor reads a cursor; "" is none.
func decodeCursor(s string) (*Cursor, error) {
	if s == "" {
		return nil, nil
	}
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		return nil, badCursor()
	}
	us, id, ok := strings.Cut(string(b), "|")
	if !ok {
		return nil, badCursor()
	}
	micros, err := strconv.ParseInt(us, 10, 64)
	if err != nil {
		return nil, badCursor()
	}
	u, err := uuid.Parse(id)
	if err != nil {
		return nil, badCursor()
	}
	return &Cursor{At: time.UnixMicro(micros).UTC(), ID: u}, nil
}
