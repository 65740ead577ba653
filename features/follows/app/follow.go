package app

import (
	"context"
	"errors"
	"fmt"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
	notifications "social/features/notifications/app"
	profiles "social/features/profiles/app"
	safety "social/features/safety/app"
)

// FollowWriter records follows. Both profile rows are locked in one fixed
// order (by id) before anything is written, so that A following B while B
// follows A queue up instead of deadlocking; the row and both counters move
// together, and only when a row was really inserted or deleted.
type FollowWriter interface {
	profiles.HandleResolver
	// Follow inserts f once; created is false when it already existed.
	// followerCount is the followed profile's count afterwards.
	Follow(ctx context.Context, f domain.Follow) (created bool, followerCount int, err error)
	// Unfollow deletes the follow of follower to following, if any.
	Unfollow(ctx context.Context, follower, following domain.UserID) (deleted bool, followerCount int, err error)
}

// Outcome is what a follow or unfollow did. Changed is true only when this
// call inserted (or deleted) the row: a "new follower" notification is due
// after the commit of a Follow with Changed, never after a repeat.
type Outcome struct {
	FollowerID    domain.UserID
	FollowingID   domain.UserID
	Following     bool // the state now
	Changed       bool
	FollowerCount int // the followed profile's
}

// TimelineQueue enqueues, in the transaction of ctx, the jobs keeping the
// follower's 'Seguindo' timeline in step with whom they follow.
type TimelineQueue interface {
	EnqueueBackfill(ctx context.Context, follower, followee domain.UserID) error
	EnqueueRemoveAuthor(ctx context.Context, follower, followee domain.UserID) error
}

// FollowMember makes the viewer follow the member of a handle. Following
// twice is the same as once.
type FollowMember struct {
	Tx        ports.Transactor
	Follows   FollowWriter
	Timelines TimelineQueue
	Notices   *notifications.Recorder
	Announcer *notifications.Announcer
	// Changes hear of a new follow in its transaction.
	Changes ports.Changes
	Clock   ports.Clock
}

// Handle follows handle as viewer.
func (uc *FollowMember) Handle(ctx context.Context, viewer domain.Viewer, handle string) (Outcome, error) {
	target, err := checkTarget(ctx, uc.Follows, viewer, handle)
	if err != nil {
		return Outcome{}, err
	}
	out := Outcome{FollowerID: viewer.UserID, FollowingID: target, Following: true}
	f := domain.Follow{ID: domain.NewFollowID(), FollowerID: viewer.UserID, FollowingID: target, CreatedAt: uc.Clock.Now()}
	var notices []notifications.Change
	err = uc.Tx.InTx(ctx, func(ctx context.Context) (err error) {
		out.Changed, out.FollowerCount, err = uc.Follows.Follow(ctx, f)
		if err != nil || !out.Changed {
			return err
		}
		if err := uc.Timelines.EnqueueBackfill(ctx, viewer.UserID, target); err != nil {
			return err
		}
		if err := uc.Changes.Tell(ctx, ports.Change{Kind: ports.ChangeFollowAdded, Actor: viewer.UserID, Target: target}); err != nil {
			return err
		}
		notices, err = uc.Notices.Record(ctx, notifications.Notice{Recipient: target, Sender: viewer.UserID,
			Type: domain.NotifyFollow})
		return err
	})
	if err == nil {
		uc.Announcer.Announce(ctx, notices...)
	}
	return out, writeError("follow", out, err)
}

// checkTarget applies the rules every follow write shares: a signed-in
// viewer, an existing profile, not oneself.
func checkTarget(ctx context.Context, r profiles.HandleResolver, viewer domain.Viewer, handle string) (domain.UserID, error) {
	if !viewer.SignedIn() {
		return domain.UserID{}, errs.Unauthenticated(CodeUnauthenticated, MsgNoUser)
	}
	target, err := profiles.MemberByHandle(ctx, r, handle)
	if err != nil {
		return domain.UserID{}, err
	}
	if target == viewer.UserID {
		return domain.UserID{}, errs.Invalid(CodeSelf, MsgSelf, nil)
	}
	return target, nil
}

func writeError(what string, out Outcome, err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, ErrNoFollowerProfile):
		return errs.Forbidden(CodeNoProfile, MsgNoProfile)
	case errors.Is(err, ErrBlocked):
		return errs.Forbidden(safety.CodeBlocked, safety.MsgBlocked)
	case errors.Is(err, domain.ErrNotFound):
		// Deleted between the handle lookup and the write.
		return notFound()
	}
	return fmt.Errorf("%s %s -> %s: %w", what, out.FollowerID, out.FollowingID, err)
}
