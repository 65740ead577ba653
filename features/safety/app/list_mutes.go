package app

import (
	"context"

	"social/core/domain"
)

// MuteLister reads whom a member mutes, newest mute first, after the
// cursor.
type MuteLister interface {
	Muted(ctx context.Context, of domain.UserID, after *domain.ListCursor[domain.UserID], limit int) ([]domain.SafetyEntry, error)
}

// ListMutes reads the viewer's own mutes, PageSize at a time. Nobody else
// may read them.
type ListMutes struct{ Mutes MuteLister }

// Handle returns the page after cursor: limit entries (PageSize when 0,
// at most MaxPageSize).
func (uc *ListMutes) Handle(ctx context.Context, viewer domain.Viewer, cursor string, limit int) (Page, error) {
	return listPage(ctx, viewer, cursor, limit, uc.Mutes.Muted)
}
