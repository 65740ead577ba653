package app

import (
	"context"

	"social/core/domain"
)

// BlockLister reads whom a member blocks, newest block first, after the
// cursor.
type BlockLister interface {
	Blocked(ctx context.Context, of domain.UserID, after *domain.ListCursor[domain.UserID], limit int) ([]domain.SafetyEntry, error)
}

// ListBlocks reads the viewer's own blocks, PageSize at a time. Nobody
// else may read them.
type ListBlocks struct{ Blocks BlockLister }

// Handle returns the page after cursor: limit entries (PageSize when 0,
// at most MaxPageSize).
func (uc *ListBlocks) Handle(ctx context.Context, viewer domain.Viewer, cursor string, limit int) (Page, error) {
	return listPage(ctx, viewer, cursor, limit, uc.Blocks.Blocked)
}
