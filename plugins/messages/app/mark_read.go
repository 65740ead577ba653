package app

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"

	"social/core/domain"
)

// Read is the viewer's marker after reading and their unread total.
type Read struct {
	Marker      *Marker
	UnreadCount int
}

// MarkRead moves the viewer's read marker to the conversation's newest
// message. Reading again with nothing new changes nothing and tells no one.
type MarkRead struct{ *Messages }

// Handle marks, then tells both participants (conversation.read).
func (uc *MarkRead) Handle(ctx context.Context, viewer domain.Viewer, id uuid.UUID) (Read, error) {
	if !viewer.SignedIn() {
		return Read{}, unauthenticated()
	}
	c, err := uc.member(ctx, viewer.UserID, id)
	if err != nil {
		return Read{}, err
	}
	var out Read
	var moved bool
	var totals Totals
	err = uc.Tx.InTx(ctx, func(ctx context.Context) error {
		if err := uc.Store.LockConversation(ctx, id); err != nil {
			return err
		}
		now, err := uc.Store.Conversation(ctx, viewer.UserID, id)
		if err != nil {
			return err
		}
		out.Marker = now.Read
		last, err := uc.Store.LastMessage(ctx, id)
		switch {
		case errors.Is(err, domain.ErrNotFound):
		case err != nil:
			return err
		case !now.Read.Covers(last) || now.UnreadCount > 0:
			out.Marker = &Marker{At: last.CreatedAt, ID: last.ID}
			if err := uc.Store.MarkRead(ctx, id, viewer.UserID, *out.Marker); err != nil {
				return err
			}
			moved = true
		}
		totals, err = uc.totals(ctx, viewer.UserID, c.Peer.ID)
		return err
	})
	if errors.Is(err, domain.ErrNotFound) {
		return Read{}, notFound()
	}
	if err != nil {
		return Read{}, fmt.Errorf("read conversation %s: %w", id, err)
	}
	out.UnreadCount = totals[viewer.UserID]
	if moved {
		ev := ReadEvent{ConversationID: id.String(), ReaderID: viewer.UserID.String(),
			LastReadAt: out.Marker.At, LastReadID: out.Marker.ID.String()}
		ev.UnreadCount = totals[viewer.UserID]
		uc.publish(ctx, viewer.UserID, EventConversationRead, ev)
		ev.UnreadCount = totals[c.Peer.ID]
		uc.publish(ctx, c.Peer.ID, EventConversationRead, ev)
	}
	return out, nil
}
