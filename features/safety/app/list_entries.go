package app

import (
	"context"
	"fmt"

	"social/core/domain"
	"social/core/errs"
)

// Page is one page of the viewer's blocks or mutes; Next is "" at the end.
type Page struct {
	Items []domain.SafetyEntry
	Next  string
}

// listPage checks the viewer and the cursor, reads one page of limit
// entries with read and makes the next cursor.
func listPage(ctx context.Context, viewer domain.Viewer, cursor string, limit int,
	read func(ctx context.Context, of domain.UserID, after *domain.ListCursor[domain.UserID], limit int) ([]domain.SafetyEntry, error)) (Page, error) {
	if !viewer.SignedIn() {
		return Page{}, errs.Unauthenticated(CodeUnauthenticated, MsgNoUser)
	}
	var after *domain.ListCursor[domain.UserID]
	if cursor != "" {
		c, ok := domain.DecodeListCursor[domain.UserID](domain.SafetyCursor, cursor)
		if !ok {
			return Page{}, errs.Invalid(CodeInvalid, MsgBadCursor, map[string]string{"cursor": MsgBadCursor})
		}
		after = &c
	}
	if limit <= 0 {
		limit = PageSize
	}
	limit = min(limit, MaxPageSize)
	items, err := read(ctx, viewer.UserID, after, limit)
	if err != nil {
		return Page{}, fmt.Errorf("safety list of %s: %w", viewer.UserID, err)
	}
	page := Page{Items: items}
	if len(items) == limit {
		last := items[len(items)-1]
		page.Next = domain.ListCursor[domain.UserID]{At: last.Since, ID: last.ProfileID}.Encode(domain.SafetyCursor)
	}
	return page, nil
}
