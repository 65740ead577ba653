package app

import (
	"context"
	"time"

	"social/core/domain"
	"social/core/ports"
	notifications "social/features/notifications/app"
	profiles "social/features/profiles/app"
)

// EndedFollow is a follow a block removed: Follower no longer follows
// Following.
type EndedFollow struct {
	Follower, Following domain.UserID
}

// BlockWriter records blocks. Both profile rows are locked in one fixed
// order (by id), the order follows take them, so a block and a follow of
// the same pair queue up instead of deadlocking or crossing.
type BlockWriter interface {
	profiles.HandleResolver
	// Block inserts the block once (created false when it existed) and
	// deletes the follows between the two, both ways, lowering both
	// profiles' counters by what it deleted.
	Block(ctx context.Context, blocker, blocked domain.UserID, at time.Time) (created bool, ended []EndedFollow, err error)
	// Unblock deletes blocker's block of blocked, if any.
	Unblock(ctx context.Context, blocker, blocked domain.UserID) (deleted bool, err error)
}

// TimelineQueue enqueues, in the transaction of ctx, the removal of an
// author's posts from a follower's 'Seguindo' timeline.
type TimelineQueue interface {
	EnqueueRemoveAuthor(ctx context.Context, follower, followee domain.UserID) error
}

// BlockOutcome is the viewer's block of a member after a block or unblock.
type BlockOutcome struct {
	Blocked bool
	Changed bool
}

// BlockMember makes the viewer block the member of a handle. Blocking
// twice is the same as once; follows between the two end with the block.
type BlockMember struct {
	Tx        ports.Transactor
	Blocks    BlockWriter
	Timelines TimelineQueue
	Notices   *notifications.Recorder
	Announcer *notifications.Announcer
	// Access ends at once the live subscriptions either member no longer
	// may hold, and has both members' sockets reload whom they hide.
	Access ports.AccessChanges
	// Changes hear of a new block in its transaction.
	Changes ports.Changes
	Clock   ports.Clock
}

// Handle blocks handle as viewer.
func (uc *BlockMember) Handle(ctx context.Context, viewer domain.Viewer, handle string) (BlockOutcome, error) {
	other, err := target(ctx, uc.Blocks, viewer, handle, CodeBlockSelf, MsgBlockSelf)
	if err != nil {
		return BlockOutcome{}, err
	}
	out := BlockOutcome{Blocked: true}
	var notices []notifications.Change
	err = uc.Tx.InTx(ctx, func(ctx context.Context) error {
		created, ended, err := uc.Blocks.Block(ctx, viewer.UserID, other, uc.Clock.Now())
		if err != nil || !created {
			return err
		}
		out.Changed = true
		if err := uc.Changes.Tell(ctx, ports.Change{Kind: ports.ChangeBlockAdded, Actor: viewer.UserID, Target: other}); err != nil {
			return err
		}
		for _, f := range ended {
			if err := uc.Timelines.EnqueueRemoveAuthor(ctx, f.Follower, f.Following); err != nil {
				return err
			}
			// No "started following you" is left from a follow that ended.
			retracted, err := uc.Notices.Retract(ctx, notifications.Notice{Recipient: f.Following, Sender: f.Follower,
				Type: domain.NotifyFollow})
			if err != nil {
				return err
			}
			notices = append(notices, retracted...)
		}
		if uc.Access != nil {
			uc.Access.MemberAccessChanged(ctx, viewer.UserID)
			uc.Access.MemberAccessChanged(ctx, other)
		}
		return nil
	})
	if err == nil {
		uc.Announcer.Announce(ctx, notices...)
	}
	return out, writeError("block", viewer.UserID, other, err)
}
