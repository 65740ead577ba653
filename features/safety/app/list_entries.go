package app

import (
	"context"
	"encoding/base64"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/errs"
)

// Cursor is the last entry of a blocks or mutes page: when it began and
// the member's ID.
type Cursor struct {
	At time.Time
	ID domain.UserID
}

// Page is one page of the viewer's blocks or mutes; Next is "" at the end.
type Page struct {
	Items []domain.SafetyEntry
	Next  string
}

// listPage checks the viewer and the cursor, reads one page with read and
// makes the next cursor.
func listPage(ctx context.Context, viewer domain.Viewer, cursor string,
	read func(ctx context.Context, of domain.UserID, after *Cursor, limit int) ([]domain.SafetyEntry, error)) (Page, error) {
	if !viewer.SignedIn() {
		return Page{}, errs.Unauthenticated(CodeUnauthenticated, MsgNoUser)
	}
	var after *Cursor
	if cursor != "" {
		c, ok := decodeCursor(cursor)
		if !ok {
			return Page{}, errs.Invalid(CodeInvalid, MsgBadCursor, map[string]string{"cursor": MsgBadCursor})
		}
		after = &c
	}
	items, err := read(ctx, viewer.UserID, after, PageSize)
	if err != nil {
		return Page{}, fmt.Errorf("safety list of %s: %w", viewer.UserID, err)
	}
	page := Page{Items: items}
	if len(items) == PageSize {
		last := items[len(items)-1]
		page.Next = encodeCursor(Cursor{At: last.Since, ID: last.ProfileID})
	}
	return page, nil
}

func encodeCursor(c Cursor) string {
	raw := "s|" + strconv.FormatInt(c.At.UnixMicro(), 10) + "|" + c.ID.String()
	return base64.RawURLEncoding.EncodeToString([]byte(raw))
}

func decodeCursor(s string) (Cursor, bool) {
	b, err := base64.RawURLEncoding.DecodeString(s)
	parts := strings.Split(string(b), "|")
	if err != nil || len(parts) != 3 || parts[0] != "s" {
		return Cursor{}, false
	}
	micros, err := strconv.ParseInt(parts[1], 10, 64)
	if err != nil {
		return Cursor{}, false
	}
	id, err := uuid.Parse(parts[2])
	if err != nil {
		return Cursor{}, false
	}
	return Cursor{At: time.UnixMicro(micros).UTC(), ID: domain.UserID(id)}, true
}
