package app

import (
	"context"

	"social/core/domain"
	"social/core/ports"
)

// UnblockMember ends the viewer's block of the member of a handle. It
// gives back the ability to interact, not the follows the block ended.
// Unblocking someone not blocked changes nothing and is no error.
type UnblockMember struct {
	Tx     ports.Transactor
	Blocks BlockWriter
	Access ports.AccessChanges
	// Changes hear of the block's end in its transaction.
	Changes ports.Changes
}

// Handle unblocks handle as viewer.
func (uc *UnblockMember) Handle(ctx context.Context, viewer domain.Viewer, handle string) (BlockOutcome, error) {
	other, err := target(ctx, uc.Blocks, viewer, handle, CodeBlockSelf, MsgBlockSelf)
	if err != nil {
		return BlockOutcome{}, err
	}
	var out BlockOutcome
	err = uc.Tx.InTx(ctx, func(ctx context.Context) (err error) {
		out.Changed, err = uc.Blocks.Unblock(ctx, viewer.UserID, other)
		if err != nil || !out.Changed {
			return err
		}
		if err := uc.Changes.Tell(ctx, ports.Change{Kind: ports.ChangeBlockRemoved, Actor: viewer.UserID, Target: other}); err != nil {
			return err
		}
		if uc.Access != nil {
			// Sockets reload whom they hide, so deliveries resume.
			uc.Access.MemberAccessChanged(ctx, viewer.UserID)
			uc.Access.MemberAccessChanged(ctx, other)
		}
		return err
	})
	return out, writeError("unblock", viewer.UserID, other, err)
}
