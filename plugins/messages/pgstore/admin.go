package pgstore

import (
	"context"
	"time"

	"github.com/google/uuid"

	"social/kit/adminkit"
)

// ConversationAdminRow is one conversation in the admin console: who and how much,
// never what was said.
type ConversationAdminRow struct {
	ID             string     `json:"id"`
	UserLowID      string     `json:"user_low_id"`
	UserLowHandle  *string    `json:"user_low_handle"`
	UserHighID     string     `json:"user_high_id"`
	UserHighHandle *string    `json:"user_high_handle"`
	MessageCount   int        `json:"message_count"`
	CreatedAt      time.Time  `json:"created_at"`
	LastMessageAt  *time.Time `json:"last_message_at"`
}

type adminRow struct {
	ID             uuid.UUID  `bun:"id"`
	UserLow        uuid.UUID  `bun:"user_low"`
	UserLowHandle  *string    `bun:"low_handle"`
	UserHigh       uuid.UUID  `bun:"user_high"`
	UserHighHandle *string    `bun:"high_handle"`
	MessageCount   int        `bun:"message_count"`
	CreatedAt      time.Time  `bun:"created_at"`
	LastMessageAt  *time.Time `bun:"last_message_at"`
	adminkit.Matching
}

// AdminList is the console's conversations, searched by a participant's
// handle.
var AdminList = adminkit.SQLList{
	From: "conversations AS c LEFT JOIN profiles AS lo ON lo.id = c.user_low " +
		"LEFT JOIN profiles AS hi ON hi.id = c.user_high",
	Columns: "c.id, c.user_low, c.user_high, c.created_at, lo.handle AS low_handle, hi.handle AS high_handle, " +
		"(SELECT count(*) FROM direct_messages d WHERE d.conversation_id = c.id) AS message_count, " +
		"(SELECT max(m.last_message_at) FROM conversation_members m WHERE m.conversation_id = c.id) AS last_message_at",
	Sortable:    map[string]string{"id": "c.id", "created_at": "c.created_at"},
	DefaultSort: "created_at",
	Narrowing:   adminkit.Narrowing{ID: "c.id", Search: "(lo.handle LIKE lower(?) OR hi.handle LIKE lower(?))"},
}

// AdminRows reads one page of AdminList and the total, paged in SQL.
func (s *Store) AdminRows(ctx context.Context, q adminkit.SQLQuery) ([]ConversationAdminRow, int, error) {
	return adminkit.ListAs(ctx, s.IDB(ctx), AdminList, q, func(r adminRow) ConversationAdminRow {
		return ConversationAdminRow{ID: r.ID.String(), UserLowID: r.UserLow.String(), UserLowHandle: r.UserLowHandle,
			UserHighID: r.UserHigh.String(), UserHighHandle: r.UserHighHandle, MessageCount: r.MessageCount,
			CreatedAt: r.CreatedAt.UTC(), LastMessageAt: r.LastMessageAt}
	})
}
