package app

import (
	"context"
	"errors"
	"fmt"

	"social/core/domain"
	"social/core/errs"
	profiles "social/features/profiles/app"
)

func notFound() error { return errs.NotFound(CodeNotFound, domain.MsgProfileNotFound) }

// target applies what every block and mute write shares: a signed-in
// viewer, an existing profile, not oneself (selfCode, selfMsg).
func target(ctx context.Context, r profiles.HandleResolver, viewer domain.Viewer, handle, selfCode, selfMsg string) (domain.UserID, error) {
	if !viewer.SignedIn() {
		return domain.UserID{}, errs.Unauthenticated(CodeUnauthenticated, MsgNoUser)
	}
	id, err := profiles.MemberByHandle(ctx, r, handle)
	if err != nil {
		return domain.UserID{}, err
	}
	if id == viewer.UserID {
		return domain.UserID{}, errs.Invalid(selfCode, selfMsg, nil)
	}
	return id, nil
}

// writeError maps a store's answer to a write between actor and other.
func writeError(what string, actor, other domain.UserID, err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, ErrNoActorProfile):
		return errs.Forbidden(CodeNoProfile, MsgNoProfile)
	case errors.Is(err, domain.ErrNotFound):
		// Deleted between the handle lookup and the write.
		return notFound()
	}
	return fmt.Errorf("%s %s -> %s: %w", what, actor, other, err)
}

// Refuse is the error of an interaction that a block between viewer and
// other forbids, nil when none does: the check follows, messages and the
// like run before writing.
func Refuse(ctx context.Context, blocks interface {
	EitherBlocks(ctx context.Context, a, b domain.UserID) (bool, error)
}, viewer, other domain.UserID) error {
	if blocks == nil || viewer.IsZero() || other.IsZero() || viewer == other {
		return nil
	}
	blocked, err := blocks.EitherBlocks(ctx, viewer, other)
	if err != nil {
		return fmt.Errorf("block between %s and %s: %w", viewer, other, err)
	}
	if blocked {
		return errs.Forbidden(CodeBlocked, MsgBlocked)
	}
	return nil
}
