package app

import (
	"context"

	"social/core/domain"
	"social/core/ports"
	notifications "social/features/notifications/app"
)

// UnfollowMember ends the viewer's follow of the member of a handle.
// Unfollowing someone not followed changes nothing and is no error.
type UnfollowMember struct {
	Tx        ports.Transactor
	Follows   FollowWriter
	Timelines TimelineQueue
	Notices   *notifications.Recorder
	Announcer *notifications.Announcer
	// Access, when set, ends at once the follower's live subscriptions to
	// posts only followers may read.
	Access ports.AccessChanges
	// Changes hear of the follow's end in its transaction.
	Changes ports.Changes
}

// Handle unfollows handle as viewer.
func (uc *UnfollowMember) Handle(ctx context.Context, viewer domain.Viewer, handle string) (Outcome, error) {
	target, err := checkTarget(ctx, uc.Follows, viewer, handle)
	if err != nil {
		return Outcome{}, err
	}
	out := Outcome{FollowerID: viewer.UserID, FollowingID: target, Following: false}
	var notices []notifications.Change
	err = uc.Tx.InTx(ctx, func(ctx context.Context) (err error) {
		out.Changed, out.FollowerCount, err = uc.Follows.Unfollow(ctx, viewer.UserID, target)
		if err != nil || !out.Changed {
			return err
		}
		if err := uc.Timelines.EnqueueRemoveAuthor(ctx, viewer.UserID, target); err != nil {
			return err
		}
		if err := uc.Changes.Tell(ctx, ports.Change{Kind: ports.ChangeFollowRemoved, Actor: viewer.UserID, Target: target}); err != nil {
			return err
		}
		// No stale "started following you" is left behind.
		notices, err = uc.Notices.Retract(ctx, notifications.Notice{Recipient: target, Sender: viewer.UserID,
			Type: domain.NotifyFollow})
		if err == nil && uc.Access != nil {
			uc.Access.MemberAccessChanged(ctx, viewer.UserID)
		}
		return err
	})
	if err == nil {
		uc.Announcer.Announce(ctx, notices...)
	}
	return out, writeError("unfollow", out, err)
}
