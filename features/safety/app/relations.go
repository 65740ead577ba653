package app

import (
	"context"

	"social/core/domain"
)

// Relations is what the safety feature tells the other features and the
// plugins about blocks and mutes, so none of them reads the safety tables
// itself. The feature's module provides its store as Relations.
type Relations interface {
	// EitherBlocks reports whether a blocks b or b blocks a: either way
	// the two are kept apart.
	EitherBlocks(ctx context.Context, a, b domain.UserID) (bool, error)
	// BlockedAmong answers those of among that member blocks or that block
	// member (each once; member itself never).
	BlockedAmong(ctx context.Context, member domain.UserID, among []domain.UserID) ([]domain.UserID, error)
	// BlockersOf lists the members who block member (one direction only:
	// what the blocker keeps, the blocked member loses).
	BlockersOf(ctx context.Context, member domain.UserID) ([]domain.UserID, error)
	// HiddenFrom lists the members whose activity viewer must not
	// receive: those in a block relation with viewer (Blocked) and those
	// viewer mutes (Muted).
	HiddenFrom(ctx context.Context, viewer domain.UserID) ([]domain.HiddenMember, error)
}

// BlockedSet is BlockedAmong as a set, for filtering a list in memory.
func BlockedSet(ctx context.Context, r Relations, member domain.UserID, among []domain.UserID) (map[domain.UserID]bool, error) {
	ids, err := r.BlockedAmong(ctx, member, among)
	if err != nil {
		return nil, err
	}
	out := make(map[domain.UserID]bool, len(ids))
	for _, id := range ids {
		out[id] = true
	}
	return out, nil
}
