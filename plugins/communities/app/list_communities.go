package app

import (
	"context"
	"fmt"
	"strings"

	"social/core/domain"
	"social/core/errs"
)

// ListCommunities lists communities, most members first, then by name.
type ListCommunities struct {
	Store CommunityStore
}

// Handle filters by q (trimmed; case and accents ignored) on name or
// description, at most ListLimit.
func (uc *ListCommunities) Handle(ctx context.Context, viewer domain.Viewer, q string) ([]Community, error) {
	if !viewer.SignedIn() {
		return nil, errs.Unauthenticated(CodeUnauthenticated, MsgNoUser)
	}
	list, err := uc.Store.List(ctx, viewer.UserID, strings.TrimSpace(q), ListLimit)
	if err != nil {
		return nil, fmt.Errorf("list communities: %w", err)
	}
	return list, nil
}
