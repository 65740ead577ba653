package rooms

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

// memberData is the rooms' part of a member's data: the rooms they host
// and what they wrote in rooms' chats; on deletion their presence in
// rooms (each room's participant count lowered with it), their chat lines
// and the rooms they host.
type memberData struct{ db *bun.DB }

var _ ports.MemberData = memberData{}

func newMemberData(db *bun.DB) plugin.MemberData {
	return plugin.MemberData{Plugin: Name, Name: Name, Data: memberData{db: db}}
}

type exportRoom struct {
	ID          uuid.UUID  `bun:"id" json:"id"`
	Name        string     `bun:"name" json:"nome"`
	Description *string    `bun:"description" json:"descricao"`
	IsPublic    bool       `bun:"is_public" json:"publica"`
	CreatedAt   time.Time  `bun:"created_at" json:"criada_em"`
	EndedAt     *time.Time `bun:"ended_at" json:"encerrada_em"`
}

type exportRoomMessage struct {
	RoomID    uuid.UUID `bun:"room_id" json:"sala_id"`
	Text      string    `bun:"text" json:"texto"`
	CreatedAt time.Time `bun:"created_at" json:"enviada_em"`
}

// ExportMember writes rooms/hosted.json and rooms/messages.json.
func (d memberData) ExportMember(ctx context.Context, member domain.UserID, w ports.ArchiveWriter) error {
	db, uid := pgkit.IDB(ctx, d.db), uuid.UUID(member)
	hosted := []exportRoom{}
	if err := db.NewRaw(`SELECT id, name, description, is_public, created_at, ended_at FROM listening_rooms
		WHERE host_id = ? ORDER BY created_at, id`, uid).Scan(ctx, &hosted); err != nil {
		return fmt.Errorf("rooms: %w", err)
	}
	lines := []exportRoomMessage{}
	if err := db.NewRaw(`SELECT room_id, text, created_at FROM listening_messages WHERE user_id = ?
		ORDER BY created_at, id`, uid).Scan(ctx, &lines); err != nil {
		return fmt.Errorf("room messages: %w", err)
	}
	if err := w.JSON("rooms/hosted.json", hosted); err != nil {
		return err
	}
	return w.JSON("rooms/messages.json", lines)
}

// EraseMember removes one batch of the member's rows.
func (d memberData) EraseMember(ctx context.Context, member domain.UserID, batch int) (bool, error) {
	uid := uuid.UUID(member)
	more := false
	err := pgkit.NewTransactor(d.db).InTx(ctx, func(ctx context.Context) error {
		db := pgkit.IDB(ctx, d.db)
		for _, q := range []string{
			`WITH gone AS (DELETE FROM listening_participants WHERE user_id = ?0 AND room_id IN
				(SELECT room_id FROM listening_participants WHERE user_id = ?0 LIMIT ?1) RETURNING room_id),
			counted AS (UPDATE listening_rooms SET participant_count = greatest(participant_count - 1, 0)
				WHERE id IN (SELECT room_id FROM gone) RETURNING 1)
			SELECT count(*) FROM gone`,
			`WITH gone AS (DELETE FROM listening_presence WHERE (room_id, user_id, node_id) IN
				(SELECT room_id, user_id, node_id FROM listening_presence WHERE user_id = ?0 LIMIT ?1) RETURNING 1)
			SELECT count(*) FROM gone`,
			`WITH gone AS (DELETE FROM listening_messages WHERE id IN
				(SELECT id FROM listening_messages WHERE user_id = ?0 LIMIT ?1) RETURNING 1)
			SELECT count(*) FROM gone`,
			`WITH gone AS (DELETE FROM listening_rooms WHERE id IN
				(SELECT id FROM listening_rooms WHERE host_id = ?0 LIMIT ?1) RETURNING 1)
			SELECT count(*) FROM gone`,
		} {
			var n int
			if err := db.NewRaw(q, uid, batch).Scan(ctx, &n); err != nil {
				return err
			}
			if n > 0 {
				more = true
				return nil
			}
		}
		return nil
	})
	return more, err
}
