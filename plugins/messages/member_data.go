package messages

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"social/core/domain"
	"social/core/ports"
	"social/kit/pgkit"
	"social/kit/plugin"
)

// memberData is the messages' part of a member's data. The export holds
// every message of the member's conversations, the other member's too:
// both saw them. On deletion the messages stay in the other member's
// conversations, their sender now the tombstone named "Conta excluída";
// only the member's own settings go.
type memberData struct{ db *bun.DB }

var _ ports.MemberData = memberData{}

func newMemberData(db *bun.DB) plugin.MemberData {
	return plugin.MemberData{Plugin: Name, Name: Name, Data: memberData{db: db}}
}

type exportConversation struct {
	ID       uuid.UUID       `bun:"id" json:"id"`
	With     string          `bun:"peer_handle" json:"com"`
	WithName string          `bun:"peer_name" json:"com_nome"`
	Messages []exportMessage `bun:"-" json:"mensagens"`
}

type exportMessage struct {
	ID        uuid.UUID `bun:"id" json:"id"`
	Mine      bool      `bun:"mine" json:"enviada_por_mim"`
	Text      string    `bun:"text" json:"texto"`
	CreatedAt time.Time `bun:"created_at" json:"enviada_em"`
}

// ExportMember writes messages/conversations.json.
func (d memberData) ExportMember(ctx context.Context, member domain.UserID, w ports.ArchiveWriter) error {
	db, uid := pgkit.IDB(ctx, d.db), uuid.UUID(member)
	convs := []exportConversation{}
	if err := db.NewRaw(`SELECT m.conversation_id AS id, p.handle AS peer_handle, p.display_name AS peer_name
		FROM conversation_members m JOIN profiles p ON p.id = m.peer_id
		WHERE m.user_id = ? ORDER BY m.conversation_id`, uid).Scan(ctx, &convs); err != nil {
		return fmt.Errorf("conversations: %w", err)
	}
	for i := range convs {
		convs[i].Messages = []exportMessage{}
		if err := db.NewRaw(`SELECT id, sender_id = ? AS mine, text, created_at FROM direct_messages
			WHERE conversation_id = ? ORDER BY created_at, id`, uid, convs[i].ID).Scan(ctx, &convs[i].Messages); err != nil {
			return fmt.Errorf("messages of %s: %w", convs[i].ID, err)
		}
	}
	var settings []struct {
		OnlyFollowing bool `bun:"only_following" json:"so_quem_sigo"`
	}
	if err := db.NewRaw(`SELECT only_following FROM message_settings WHERE user_id = ?`, uid).Scan(ctx, &settings); err != nil {
		return fmt.Errorf("message settings: %w", err)
	}
	if err := w.JSON("messages/conversations.json", convs); err != nil {
		return err
	}
	return w.JSON("messages/settings.json", settings)
}

// EraseMember removes the member's message settings.
func (d memberData) EraseMember(ctx context.Context, member domain.UserID, _ int) (bool, error) {
	_, err := pgkit.IDB(ctx, d.db).NewRaw(`DELETE FROM message_settings WHERE user_id = ?`, uuid.UUID(member)).Exec(ctx)
	return false, err
}
