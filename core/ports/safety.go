package ports

import (
	"context"

	"social/core/domain"
)

// Blocks answers whether two members are kept apart by a block: either
// blocking the other forbids every interaction between them (follows,
// messages, likes, comments, mentions) and hides each from the other.
type Blocks interface {
	EitherBlocks(ctx context.Context, a, b domain.UserID) (bool, error)
}

// HiddenMembers lists, for one viewer, the members whose activity the
// viewer must not receive: those blocking or blocked by the viewer, and
// those the viewer mutes. Live deliveries filter with it per socket.
type HiddenMembers interface {
	HiddenFrom(ctx context.Context, viewer domain.UserID) ([]domain.HiddenMember, error)
}
