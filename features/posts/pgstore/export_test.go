package pgstore

import (
	"social/core/domain"
	posts "social/features/posts/app"
)

// FollowingPageStatement is the statement reading the first page of
// viewer's 'Seguindo'.
func FollowingPageStatement(viewer domain.UserID, limit int) (string, []any) {
	return pageStatement(followingSource(viewer, false, limit), posts.Window{}, nil, limit)
}
