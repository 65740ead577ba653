// Package pgstore keeps the messages plugin's tables on PostgreSQL (bun),
// joining the unit of work of the context like core's stores.
package pgstore

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"social/core/domain"
	"social/core/ports"
	"social/platform/pgkit"
	"social/plugins/messages/app"
)

// Store implements app.Store. It reads members through the core's views
// (member_cards, member_follows).
type Store struct{ pgkit.PluginStore }

// New makes the store on db.
func New(db *bun.DB) *Store { return &Store{pgkit.NewPluginStore(db)} }

var _ app.Store = (*Store)(nil)

func noProfile(err error) error {
	if pgkit.ForeignKeyViolation(err) {
		return app.ErrNoProfile
	}
	return err
}

// ordered is the pair in the order the table keeps it.
func ordered(a, b domain.UserID) (low, high uuid.UUID) {
	low, high = uuid.UUID(a), uuid.UUID(b)
	if bytes.Compare(low[:], high[:]) > 0 {
		low, high = high, low
	}
	return low, high
}

// CardByHandle reads the card of the member with handle.
func (s *Store) CardByHandle(ctx context.Context, handle string) (domain.MemberCard, error) {
	var row struct {
		ID uuid.UUID `bun:"id"`
		pgkit.CardRow
	}
	err := s.IDB(ctx).NewRaw(`SELECT c.id, `+pgkit.CardColumns("c", "")+` FROM member_cards c WHERE c.handle = ?`,
		strings.ToLower(handle)).Scan(ctx, &row)
	if err != nil {
		return domain.MemberCard{}, pgkit.NotFound(err)
	}
	return row.Card(row.ID), nil
}

// CreatePair inserts the conversation unless the pair has one; the caller
// runs it in a transaction. A racing insert of the same pair waits for the
// other to commit and then does nothing, so the read that follows finds
// the winner's row.
func (s *Store) CreatePair(ctx context.Context, id uuid.UUID, a, b domain.UserID, at time.Time) (uuid.UUID, error) {
	low, high := ordered(a, b)
	res, err := s.IDB(ctx).NewRaw(`INSERT INTO conversations (id, user_low, user_high, created_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (user_low, user_high) DO NOTHING`, id, low, high, at).Exec(ctx)
	if err != nil {
		return uuid.UUID{}, noProfile(err)
	}
	if n, _ := res.RowsAffected(); n == 1 {
		_, err = s.IDB(ctx).NewRaw(`INSERT INTO conversation_members (conversation_id, user_id, peer_id)
			VALUES (?, ?, ?), (?, ?, ?)`, id, low, high, id, high, low).Exec(ctx)
		if err != nil {
			return uuid.UUID{}, noProfile(err)
		}
		return id, nil
	}
	return s.PairConversation(ctx, a, b)
}

// PairConversation is the pair's conversation ID.
func (s *Store) PairConversation(ctx context.Context, a, b domain.UserID) (uuid.UUID, error) {
	low, high := ordered(a, b)
	var id uuid.UUID
	err := s.IDB(ctx).NewRaw(`SELECT id FROM conversations WHERE user_low = ? AND user_high = ?`, low, high).Scan(ctx, &id)
	return id, pgkit.NotFound(err)
}

// conversationSelect reads conversations as the member "me" sees them:
// the peer's card, both markers, the newest message and whether the
// peer's setting and account let me write (a suspended or deleted account
// receives nothing; blocks are applied by the use cases, through the
// safety feature).
var conversationSelect = `SELECT c.id, c.created_at, me.unread_count, me.last_read_at, me.last_read_id,
		me.last_message_at, peer.last_read_at AS peer_read_at, peer.last_read_id AS peer_read_id,
		me.peer_id, ` + pgkit.CardColumns("p", "") + `,
		lm.id AS lm_id, lm.sender_id AS lm_sender, lm.text AS lm_text, lm.created_at AS lm_at,
		((NOT coalesce(st.only_following, false) OR EXISTS (SELECT 1 FROM member_follows f
			WHERE f.follower_id = me.peer_id AND f.following_id = me.user_id))
		AND NOT p.suspended AND NOT p.deleted) AS can_send
	FROM conversation_members me
	JOIN conversations c ON c.id = me.conversation_id
	JOIN conversation_members peer ON peer.conversation_id = me.conversation_id AND peer.user_id = me.peer_id
	JOIN member_cards p ON p.id = me.peer_id
	LEFT JOIN message_settings st ON st.user_id = me.peer_id
	LEFT JOIN LATERAL (SELECT d.id, d.sender_id, d.text, d.created_at FROM direct_messages d
		WHERE d.conversation_id = c.id ORDER BY d.created_at DESC, d.id DESC LIMIT 1) lm ON true`

type conversationRow struct {
	ID            uuid.UUID     `bun:"id"`
	CreatedAt     time.Time     `bun:"created_at"`
	UnreadCount   int           `bun:"unread_count"`
	LastReadAt    *time.Time    `bun:"last_read_at"`
	LastReadID    uuid.NullUUID `bun:"last_read_id"`
	LastMessageAt *time.Time    `bun:"last_message_at"`
	PeerReadAt    *time.Time    `bun:"peer_read_at"`
	PeerReadID    uuid.NullUUID `bun:"peer_read_id"`
	PeerID        uuid.UUID     `bun:"peer_id"`
	pgkit.CardRow
	LastID     uuid.NullUUID `bun:"lm_id"`
	LastSender uuid.NullUUID `bun:"lm_sender"`
	LastText   *string       `bun:"lm_text"`
	LastAt     *time.Time    `bun:"lm_at"`
	CanSend    bool          `bun:"can_send"`
}

func marker(at *time.Time, id uuid.NullUUID) *app.Marker {
	if at == nil || !id.Valid {
		return nil
	}
	return &app.Marker{At: at.UTC(), ID: id.UUID}
}

func (r conversationRow) conversation() app.Conversation {
	c := app.Conversation{ID: r.ID, CreatedAt: r.CreatedAt.UTC(), UnreadCount: r.UnreadCount,
		Read: marker(r.LastReadAt, r.LastReadID), PeerRead: marker(r.PeerReadAt, r.PeerReadID), CanSend: r.CanSend,
		Peer: r.Card(r.PeerID)}
	if r.LastID.Valid && r.LastText != nil && r.LastAt != nil {
		c.LastMessage = &app.Message{ID: r.LastID.UUID, ConversationID: r.ID, SenderID: domain.UserID(r.LastSender.UUID),
			Text: *r.LastText, CreatedAt: r.LastAt.UTC()}
	}
	return c
}

// Conversation reads conversation id as viewer sees it; not one of its
// participants, domain.ErrNotFound.
func (s *Store) Conversation(ctx context.Context, viewer domain.UserID, id uuid.UUID) (app.Conversation, error) {
	var row conversationRow
	err := s.IDB(ctx).NewRaw(conversationSelect+` WHERE me.conversation_id = ? AND me.user_id = ?`, id, uuid.UUID(viewer)).
		Scan(ctx, &row)
	if err != nil {
		return app.Conversation{}, pgkit.NotFound(err)
	}
	return row.conversation(), nil
}

// LockConversation takes the conversation row FOR NO KEY UPDATE.
func (s *Store) LockConversation(ctx context.Context, id uuid.UUID) error {
	var got uuid.UUID
	err := s.IDB(ctx).NewRaw(`SELECT id FROM conversations WHERE id = ? FOR NO KEY UPDATE`, id).Scan(ctx, &got)
	return pgkit.NotFound(err)
}

// Inbox reads viewer's conversations with a message, latest first.
func (s *Store) Inbox(ctx context.Context, viewer domain.UserID, query string, hidden []domain.UserID, after *app.Cursor, limit int) ([]app.Conversation, error) {
	q := conversationSelect + ` WHERE me.user_id = ? AND me.last_message_at IS NOT NULL`
	args := []any{uuid.UUID(viewer)}
	if len(hidden) > 0 {
		q += ` AND me.peer_id <> ALL(?::uuid[])`
		args = append(args, pgkit.UUIDArray(hidden))
	}
	if after != nil {
		q += ` AND (me.last_message_at, me.conversation_id) < (?, ?)`
		args = append(args, after.At, after.ID)
	}
	if query != "" {
		// Accents go first, so that lower() folds what is left even under
		// the C locale (which lowers ASCII letters only).
		q += ` AND (lower(immutable_unaccent(p.display_name)) LIKE lower(immutable_unaccent(?))
			OR p.handle LIKE lower(immutable_unaccent(?)))`
		pat := pgkit.ContainsPattern(strings.TrimPrefix(query, "@"))
		args = append(args, pat, pat)
	}
	q += ` ORDER BY me.last_message_at DESC, me.conversation_id DESC LIMIT ?`
	args = append(args, limit)
	var rows []conversationRow
	if err := s.IDB(ctx).NewRaw(q, args...).Scan(ctx, &rows); err != nil {
		return nil, err
	}
	out := make([]app.Conversation, len(rows))
	for i, r := range rows {
		out[i] = r.conversation()
	}
	return out, nil
}

type messageRow struct {
	ID             uuid.UUID `bun:"id"`
	ConversationID uuid.UUID `bun:"conversation_id"`
	SenderID       uuid.UUID `bun:"sender_id"`
	Text           string    `bun:"text"`
	CreatedAt      time.Time `bun:"created_at"`
}

func (r messageRow) message() app.Message {
	return app.Message{ID: r.ID, ConversationID: r.ConversationID, SenderID: domain.UserID(r.SenderID), Text: r.Text,
		CreatedAt: r.CreatedAt.UTC()}
}

// Messages reads a conversation's messages newest first, before the cursor.
func (s *Store) Messages(ctx context.Context, id uuid.UUID, before *app.Cursor, limit int) ([]app.Message, error) {
	q := `SELECT id, conversation_id, sender_id, text, created_at FROM direct_messages WHERE conversation_id = ?`
	args := []any{id}
	if before != nil {
		q += ` AND (created_at, id) < (?, ?)`
		args = append(args, before.At, before.ID)
	}
	q += ` ORDER BY created_at DESC, id DESC LIMIT ?`
	args = append(args, limit)
	var rows []messageRow
	if err := s.IDB(ctx).NewRaw(q, args...).Scan(ctx, &rows); err != nil {
		return nil, err
	}
	out := make([]app.Message, len(rows))
	for i, r := range rows {
		out[i] = r.message()
	}
	return out, nil
}

// LastMessage is the conversation's newest message.
func (s *Store) LastMessage(ctx context.Context, id uuid.UUID) (app.Message, error) {
	var row messageRow
	err := s.IDB(ctx).NewRaw(`SELECT id, conversation_id, sender_id, text, created_at FROM direct_messages
		WHERE conversation_id = ? ORDER BY created_at DESC, id DESC LIMIT 1`, id).Scan(ctx, &row)
	if err != nil {
		return app.Message{}, pgkit.NotFound(err)
	}
	return row.message(), nil
}

// InsertMessage stores m and moves both member rows in one statement.
func (s *Store) InsertMessage(ctx context.Context, m app.Message, recipient domain.UserID) error {
	_, err := s.IDB(ctx).NewRaw(`INSERT INTO direct_messages (id, conversation_id, sender_id, text, created_at)
		VALUES (?, ?, ?, ?, ?)`, m.ID, m.ConversationID, uuid.UUID(m.SenderID), m.Text, m.CreatedAt).Exec(ctx)
	if err != nil {
		return noProfile(err)
	}
	_, err = s.IDB(ctx).NewRaw(`UPDATE conversation_members SET last_message_at = ?,
			unread_count = CASE WHEN user_id = ? THEN unread_count + 1 ELSE 0 END,
			last_read_at = CASE WHEN user_id = ? THEN last_read_at ELSE ? END,
			last_read_id = CASE WHEN user_id = ? THEN last_read_id ELSE ? END
		WHERE conversation_id = ?`,
		m.CreatedAt, uuid.UUID(recipient), uuid.UUID(recipient), m.CreatedAt, uuid.UUID(recipient), m.ID,
		m.ConversationID).Exec(ctx)
	return err
}

// MarkRead sets reader's marker to k and their unread count to 0.
func (s *Store) MarkRead(ctx context.Context, id uuid.UUID, reader domain.UserID, k app.Marker) error {
	_, err := s.IDB(ctx).NewRaw(`UPDATE conversation_members SET last_read_at = ?, last_read_id = ?, unread_count = 0
		WHERE conversation_id = ? AND user_id = ?`, k.At, k.ID, id, uuid.UUID(reader)).Exec(ctx)
	return err
}

// UnreadTotal sums member's unread counts (rows with unread messages
// have a message), but in the conversations with the members hidden.
func (s *Store) UnreadTotal(ctx context.Context, member domain.UserID, hidden []domain.UserID) (int, error) {
	q := `SELECT coalesce(sum(unread_count), 0)::int FROM conversation_members
		WHERE user_id = ? AND last_message_at IS NOT NULL`
	args := []any{uuid.UUID(member)}
	if len(hidden) > 0 {
		q += ` AND peer_id <> ALL(?::uuid[])`
		args = append(args, pgkit.UUIDArray(hidden))
	}
	var n int
	err := s.IDB(ctx).NewRaw(q, args...).Scan(ctx, &n)
	return n, err
}

// Standing reads whether member's account is suspended or deleted.
func (s *Store) Standing(ctx context.Context, member domain.UserID) (suspended, deleted bool, err error) {
	var rows []struct {
		Suspended bool `bun:"suspended"`
		Deleted   bool `bun:"deleted"`
	}
	err = s.IDB(ctx).NewRaw(`SELECT suspended, deleted FROM member_cards WHERE id = ?`, uuid.UUID(member)).Scan(ctx, &rows)
	if err != nil || len(rows) == 0 {
		return false, false, err
	}
	return rows[0].Suspended, rows[0].Deleted, nil
}

// Settings reads a member's settings.
func (s *Store) Settings(ctx context.Context, user domain.UserID) (app.Settings, error) {
	var only bool
	err := s.IDB(ctx).NewRaw(`SELECT only_following FROM message_settings WHERE user_id = ?`, uuid.UUID(user)).Scan(ctx, &only)
	if errors.Is(err, sql.ErrNoRows) {
		return app.Settings{}, nil
	}
	return app.Settings{OnlyFollowing: only}, err
}

// SaveSettings writes a member's settings.
func (s *Store) SaveSettings(ctx context.Context, user domain.UserID, st app.Settings, at time.Time) error {
	_, err := s.IDB(ctx).NewRaw(`INSERT INTO message_settings (user_id, only_following, updated_at) VALUES (?, ?, ?)
		ON CONFLICT (user_id) DO UPDATE SET only_following = excluded.only_following, updated_at = excluded.updated_at`,
		uuid.UUID(user), st.OnlyFollowing, at).Exec(ctx)
	return noProfile(err)
}

// The store is also the messages' part of a member's data
// (ports.MemberData). The export holds every message of the member's
// conversations, the other member's too: both saw them. On deletion the
// messages stay in the other member's conversations, their sender now the
// tombstone named "Conta excluída"; only the member's own settings go.
var _ ports.MemberData = (*Store)(nil)

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
func (s *Store) ExportMember(ctx context.Context, member domain.UserID, w ports.ArchiveWriter) error {
	db, uid := s.IDB(ctx), uuid.UUID(member)
	convs := []exportConversation{}
	if err := db.NewRaw(`SELECT m.conversation_id AS id, p.handle AS peer_handle, p.display_name AS peer_name
		FROM conversation_members m JOIN member_cards p ON p.id = m.peer_id
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
func (s *Store) EraseMember(ctx context.Context, member domain.UserID, _ int) (bool, error) {
	_, err := s.IDB(ctx).NewRaw(`DELETE FROM message_settings WHERE user_id = ?`, uuid.UUID(member)).Exec(ctx)
	return false, err
}
