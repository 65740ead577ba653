package app

import (
	"context"
	"strings"
	"unicode/utf8"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/errs"
)

// SendMessage posts to an active room's chat: its participants and its
// host only. The text is trimmed; blank is refused.
type SendMessage struct{ *Rooms }

// Handle stores the message and tells the room (room.message).
func (uc *SendMessage) Handle(ctx context.Context, viewer domain.Viewer, id uuid.UUID, text string) (Message, error) {
	if !viewer.SignedIn() {
		return Message{}, unauthenticated()
	}
	text = strings.TrimSpace(text)
	if text == "" {
		return Message{}, errs.Invalid(CodeMessageEmpty, MsgMessageEmpty, map[string]string{"text": MsgMessageEmpty})
	}
	if utf8.RuneCountInString(text) > MaxMessage {
		return Message{}, errs.Invalid(CodeMessageTooLong, MsgMessageTooLong, map[string]string{"text": MsgMessageTooLong})
	}
	m := Message{ID: uuid.Must(uuid.NewV7()), RoomID: id, UserID: viewer.UserID, Text: text, CreatedAt: uc.Clock.Now()}
	err := uc.Tx.InTx(ctx, func(ctx context.Context) error {
		room, err := uc.roomFor(ctx, id, viewer.UserID, false)
		if err != nil {
			return err
		}
		if room.HostID != viewer.UserID {
			in, err := uc.Store.IsParticipant(ctx, id, viewer.UserID)
			if err != nil {
				return err
			}
			if !in {
				return errs.Forbidden(CodeParticipantsOnly, MsgParticipantsOnly)
			}
		}
		if err := uc.Store.InsertMessage(ctx, m); err != nil {
			return err
		}
		m.Author, err = uc.Store.Card(ctx, viewer.UserID)
		return err
	})
	if err != nil {
		return Message{}, err
	}
	uc.publish(ctx, id, EventChat, MessageEvent{Message: uc.eventMessage(ctx, m)}, viewer.UserID)
	return m, nil
}
