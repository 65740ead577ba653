package app

import (
	"context"
	"errors"
	"fmt"
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
	peer, err := uc.Store.ProfileByHandle(ctx, strings.TrimPrefix(strings.TrimSpace(handle), "@"))
	if errors.Is(err, domain.ErrNotFound) {
		return Conversation{}, false, errs.NotFound(CodeProfileNotFound, MsgProfileNotFound)
	}
	if err != nil {
		return Conversation{}, false, fmt.Errorf("profile %q: %w", handle, err)
	}
	if peer.ID == viewer.UserID {
		return Conversation{}, false, errs.Invalid(CodeSelf, MsgSelf, nil)
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

// mayWrite refuses when a block keeps sender and recipient apart, and
// when recipient lets only the members they follow write to them and does
// not follow sender.
func (m *Messages) mayWrite(ctx context.Context, sender, recipient domain.UserID) error {
	if err := safety.Refuse(ctx, m.Blocks, sender, recipient); err != nil {
		return err
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
