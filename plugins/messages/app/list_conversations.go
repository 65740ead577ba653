package app

import (
	"context"
	"fmt"
	"strings"

	"social/core/domain"
)

// Inbox is one page of conversations; Next is "" at the end.
type Inbox struct {
	Items []Conversation
	Next  string
}

// ListConversations reads the viewer's inbox: conversations with at least
// one message, latest first, optionally those whose peer's handle or name
// contains a query (case and accents ignored). A conversation with a
// member who blocks the viewer is gone from it.
type ListConversations struct{ *Messages }

// Handle answers the page after cursor.
func (uc *ListConversations) Handle(ctx context.Context, viewer domain.Viewer, query, cursor string) (Inbox, error) {
	if !viewer.SignedIn() {
		return Inbox{}, unauthenticated()
	}
	after, err := decodeCursor(cursor)
	if err != nil {
		return Inbox{}, err
	}
	query = strings.TrimSpace(query)
	if r := []rune(query); len(r) > MaxQuery {
		query = string(r[:MaxQuery])
	}
	// One more than a page says whether another page exists.
	hidden, err := uc.hiddenPeers(ctx, viewer.UserID)
	if err != nil {
		return Inbox{}, err
	}
	items, err := uc.Store.Inbox(ctx, viewer.UserID, query, hidden, after, PageSize+1)
	if err != nil {
		return Inbox{}, fmt.Errorf("inbox of %s: %w", viewer.UserID, err)
	}
	if err := uc.unlessBlocked(ctx, viewer.UserID, items); err != nil {
		return Inbox{}, err
	}
	page := Inbox{Items: items}
	if len(items) > PageSize {
		page.Items = items[:PageSize]
		last := page.Items[PageSize-1]
		page.Next = EncodeCursor(Cursor{At: last.LastMessage.CreatedAt, ID: last.ID})
	}
	return page, nil
}
