package app

import (
	"context"
	"fmt"

	"social/core/domain"
	push "social/features/push/app"
)

// Pusher pushes to a member's devices (the push feature's Fanout).
type Pusher interface {
	Push(ctx context.Context, p push.Push) error
}

// push tells recipient's devices of msg from sender: the sender's name and
// picture, an excerpt, and the conversation to open. One topic per
// conversation, so a burst of messages is one notification on the device.
// A sender the recipient mutes (or a block, which sending already refused)
// pushes nothing: the safety feature decides whose activity reaches them.
func (m *Messages) push(ctx context.Context, recipient domain.UserID, sender domain.MemberCard, msg Message) error {
	if m.Pushes == nil {
		return nil
	}
	if m.Safety != nil {
		hidden, err := m.Safety.HiddenFrom(ctx, recipient)
		if err != nil {
			return fmt.Errorf("hidden from %s: %w", recipient, err)
		}
		for _, h := range hidden {
			if h.ID == sender.ID {
				return nil
			}
		}
	}
	return m.Pushes.Push(ctx, push.Push{Recipient: recipient, Actor: sender.ID, Alert: push.AlertMessage,
		Topic: "message-" + push.Topic(msg.ConversationID),
		Content: push.Content{Title: fmt.Sprintf(push.TitleMessage, sender.DisplayName), Body: domain.Excerpt(msg.Text),
			AvatarKey: sender.AvatarPath, URL: "/messages/" + msg.ConversationID.String(), ID: msg.ID.String()}})
}
