package app

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/errs"
	safety "social/features/safety/app"
)

// StartConversation opens the viewer's conversation with the member of a
// handle: the existing one of the pair, or a new one when the member
// accepts messages from the viewer. Racing starts of one pair make one.
type StartConversation struct{ *Messages }

// Handle answers the conversation and whether it was made now.
func (uc *StartConversation) Handle(ctx context.Context, viewer domain.Viewer, handle string) (Conversation, bool, error) {
	if !viewer.SignedIn() {
		return Conversation{}, false, unauthenticated()
	}
	peer, err := uc.Store.CardByHandle(ctx, strings.TrimPrefix(strings.TrimSpace(handle), "@"))
	if errors.Is(err, domain.ErrNotFound) {
		return Conversation{}, false, errs.NotFound(CodeProfileNotFound, MsgProfileNotFound)
	}
	if err != nil {
		return Conversation{}, false, fmt.Errorf("profile %q: %w", handle, err)
	}
	if peer.ID == viewer.UserID {
		return Conversation{}, false, errs.Invalid(CodeSelf, MsgSelf, nil)
	}
	if uc.Safety != nil {
		// The conversation is gone for the member the peer blocks.
		hidden, err := uc.hiddenPeers(ctx, viewer.UserID)
		if err != nil {
			return Conversation{}, false, err
		}
		if slices.Contains(hidden, peer.ID) {
			return Conversation{}, false, errs.Forbidden(safety.CodeBlocked, safety.MsgBlocked)
		}
	}
	id, err := uc.Store.PairConversation(ctx, viewer.UserID, peer.ID)
	switch {
	case err == nil:
		c, err := uc.member(ctx, viewer.UserID, id)
		return c, false, err
	case !errors.Is(err, domain.ErrNotFound):
		return Conversation{}, false, fmt.Errorf("conversation with %s: %w", peer.ID, err)
	}
	if err := uc.mayWrite(ctx, viewer.UserID, peer.ID); err != nil {
		return Conversation{}, false, err
	}
	fresh := uuid.Must(uuid.NewV7())
	// The conversation and both member rows go in together.
	err = uc.Tx.InTx(ctx, func(ctx context.Context) error {
		id, err = uc.Store.CreatePair(ctx, fresh, viewer.UserID, peer.ID, uc.now())
		return err
	})
	if errors.Is(err, ErrNoProfile) {
		return Conversation{}, false, errs.Forbidden(CodeNoProfile, MsgNoProfile)
	}
	if err != nil {
		return Conversation{}, false, fmt.Errorf("start conversation with %s: %w", peer.ID, err)
	}
	c, err := uc.member(ctx, viewer.UserID, id)
	return c, id == fresh, err
}

// mayWrite refuses when a block keeps sender and recipient apart, when
// recipient's account is suspended or deleted, and when recipient lets
// only the members they follow write to them and does not follow sender.
func (m *Messages) mayWrite(ctx context.Context, sender, recipient domain.UserID) error {
	if m.Safety != nil {
		if err := safety.Refuse(ctx, m.Safety, sender, recipient); err != nil {
			return err
		}
	}
	suspended, deleted, err := m.Store.Standing(ctx, recipient)
	switch {
	case err != nil:
		return fmt.Errorf("standing of %s: %w", recipient, err)
	case deleted:
		return errs.Forbidden(CodeDeleted, MsgDeleted)
	case suspended:
		return errs.Forbidden(CodeSuspended, MsgSuspended)
	}
	s, err := m.Store.Settings(ctx, recipient)
	if err != nil {
		return fmt.Errorf("settings of %s: %w", recipient, err)
	}
	if !s.OnlyFollowing {
		return nil
	}
	ok, err := m.Store.Follows(ctx, recipient, sender)
	if err != nil {
		return fmt.Errorf("follow %s -> %s: %w", recipient, sender, err)
	}
	if !ok {
		return errs.Forbidden(CodeRestricted, MsgRestricted)
	}
	return nil
}
