package app

import (
	"context"
	"fmt"

	"social/core/domain"
)

// Liker pages: LikersPageSize by default, at most LikersMaxPage.
const (
	LikersPageSize = 40
	LikersMaxPage  = 80
)

// LikerLister reads who liked a post, the newest like first, after the
// like of member Before (none: from the newest), leaving out the members
// a block keeps apart from viewer and suspended or deleted ones.
type LikerLister interface {
	Likers(ctx context.Context, post domain.PostID, viewer domain.UserID, before *domain.UserID, limit int) ([]domain.MemberCard, error)
}

// ListLikers lists the members who liked a post the viewer may read: a
// post they may not read has no likers for them (post_not_found).
type ListLikers struct {
	Posts  ItemReader
	Likers LikerLister
}

// Handle answers up to limit likers (LikersPageSize when 0, at most
// LikersMaxPage) older than the like of before, when given.
func (uc *ListLikers) Handle(ctx context.Context, viewer domain.Viewer, id domain.PostID, before *domain.UserID, limit int) ([]domain.MemberCard, error) {
	if _, err := visibleItem(ctx, uc.Posts, viewer, id); err != nil {
		return nil, err
	}
	switch {
	case limit <= 0:
		limit = LikersPageSize
	case limit > LikersMaxPage:
		limit = LikersMaxPage
	}
	out, err := uc.Likers.Likers(ctx, id, viewer.UserID, before, limit)
	if err != nil {
		return nil, fmt.Errorf("likers of post %s: %w", id, err)
	}
	return out, nil
}
