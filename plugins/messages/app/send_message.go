package app

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
)

// Sent is a stored message with the unread counts it left.
type Sent struct {
	Message Message
	// RecipientUnread is the recipient's unread count in the conversation.
	RecipientUnread int
	Totals          Totals
}

// SendMessage writes to a conversation the viewer is in. The text is
// trimmed, 1 to MaxText characters; the recipient's setting is checked in
// the same transaction that stores the message. Sending also marks the
// conversation read for the sender.
type SendMessage struct{ *Messages }

// Handle stores the message, then tells both participants (message.created).
func (uc *SendMessage) Handle(ctx context.Context, viewer domain.Viewer, id uuid.UUID, text string) (Message, error) {
	if !viewer.SignedIn() {
		return Message{}, unauthenticated()
	}
	c, err := uc.member(ctx, viewer.UserID, id)
	if err != nil {
		return Message{}, err
	}
	text = strings.TrimSpace(text)
	switch {
	case text == "":
		return Message{}, errs.Invalid(CodeEmpty, MsgEmpty, map[string]string{"text": MsgEmpty})
	case utf8.RuneCountInString(text) > MaxText:
		return Message{}, errs.Invalid(CodeTooLong, MsgTooLong, map[string]string{"text": MsgTooLong})
	}
	// Checked after the form: a refused form does not use up an attempt.
	wait, err := uc.Limiter.Take(ctx, ports.RateRule{Bucket: "messages_send_member", Key: viewer.UserID.String(),
		Limit: SendPerMember, Window: SendWindow})
	if err != nil {
		return Message{}, fmt.Errorf("rate limit messages: %w", err)
	}
	if wait > 0 {
		return Message{}, errs.RateLimited(CodeRateLimited, MsgTooMany, MsgWait, wait)
	}
	var sent Sent
	err = uc.Tx.InTx(ctx, func(ctx context.Context) error {
		if err := uc.Store.LockConversation(ctx, id); err != nil {
			return err
		}
		if err := uc.mayWrite(ctx, viewer.UserID, c.Peer.ID); err != nil {
			return err
		}
		// Never before the conversation's newest message, so a page's
		// order is the order of sending even if clocks disagree.
		at := uc.now()
		if last, err := uc.Store.LastMessage(ctx, id); err == nil && last.CreatedAt.After(at) {
			at = last.CreatedAt
		} else if err != nil && !errors.Is(err, domain.ErrNotFound) {
			return err
		}
		sent.Message = Message{ID: uuid.Must(uuid.NewV7()), ConversationID: id, SenderID: viewer.UserID, Text: text, CreatedAt: at}
		if err := uc.Store.InsertMessage(ctx, sent.Message, c.Peer.ID); err != nil {
			return err
		}
		peer, err := uc.Store.Conversation(ctx, c.Peer.ID, id)
		if err != nil {
			return err
		}
		sent.RecipientUnread = peer.UnreadCount
		if err := uc.push(ctx, c.Peer.ID, peer.Peer, sent.Message); err != nil {
			return err
		}
		sent.Totals, err = uc.totals(ctx, viewer.UserID, c.Peer.ID)
		return err
	})
	switch {
	case errors.Is(err, ErrNoProfile):
		return Message{}, errs.Forbidden(CodeNoProfile, MsgNoProfile)
	case errors.Is(err, domain.ErrNotFound):
		return Message{}, notFound()
	case err != nil:
		if _, ok := errs.As(err); ok {
			return Message{}, err
		}
		return Message{}, fmt.Errorf("send to conversation %s: %w", id, err)
	}
	m := sent.Message
	uc.publish(ctx, viewer.UserID, EventMessageCreated, CreatedEvent{ConversationID: id.String(),
		Message: EventMessageOf(m), ConversationUnread: 0, UnreadCount: sent.Totals[viewer.UserID]})
	uc.publish(ctx, c.Peer.ID, EventMessageCreated, CreatedEvent{ConversationID: id.String(),
		Message: EventMessageOf(m), ConversationUnread: sent.RecipientUnread, UnreadCount: sent.Totals[c.Peer.ID]})
	return m, nil
}
