package app

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"social/core/domain"
)

// Page is one page of a conversation's messages, newest first; Next
// (older ones) is "" at the beginning of the conversation.
type Page struct {
	Items []Message
	Next  string
}

// ListMessages reads a conversation's messages for one of its two
// participants.
type ListMessages struct{ *Messages }

// Handle answers the page before cursor.
func (uc *ListMessages) Handle(ctx context.Context, viewer domain.Viewer, id uuid.UUID, cursor string) (Page, error) {
	if !viewer.SignedIn() {
		return Page{}, unauthenticated()
	}
	if _, err := uc.member(ctx, viewer.UserID, id); err != nil {
		return Page{}, err
	}
	before, err := decodeCursor(cursor)
	if err != nil {
		return Page{}, err
	}
	items, err := uc.Store.Messages(ctx, id, before, PageSize+1)
	if err != nil {
		return Page{}, fmt.Errorf("messages of %s: %w", id, err)
	}
	page := Page{Items: items}
	if len(items) > PageSize {
		page.Items = items[:PageSize]
		last := page.Items[PageSize-1]
		page.Next = EncodeCursor(Cursor{At: last.CreatedAt, ID: last.ID})
	}
	return page, nil
}
