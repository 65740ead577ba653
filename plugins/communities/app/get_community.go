package app

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/errs"
)

// GetCommunity reads one community with the viewer's membership.
type GetCommunity struct {
	Store CommunityStore
}

// Handle answers 404 for an unknown community.
func (uc *GetCommunity) Handle(ctx context.Context, viewer domain.Viewer, id uuid.UUID) (Community, error) {
	if !viewer.SignedIn() {
		return Community{}, errs.Unauthenticated(CodeUnauthenticated, MsgNoUser)
	}
	c, err := uc.Store.Get(ctx, id, viewer.UserID)
	if errors.Is(err, domain.ErrNotFound) {
		return Community{}, notFound()
	}
	if err != nil {
		return Community{}, fmt.Errorf("read community %s: %w", id, err)
	}
	return c, nil
}
