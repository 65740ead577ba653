// Package pgstore keeps the rooms plugin's tables on PostgreSQL (bun),
// joining the unit of work of the context like core's stores.
package pgstore

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"social/core/domain"
	"social/core/ports"
	"social/platform/pgkit"
	"social/plugins/rooms/app"
)

// Store implements app.Store. It reads members through the core's
// member_cards view.
type Store struct{ pgkit.PluginStore }

// New makes the store on db.
func New(db *bun.DB) *Store { return &Store{pgkit.NewPluginStore(db)} }

var _ app.Store = (*Store)(nil)

type roomRow struct {
	ID               uuid.UUID  `bun:"id"`
	Name             string     `bun:"name"`
	Description      *string    `bun:"description"`
	HostID           uuid.UUID  `bun:"host_id"`
	IsPublic         bool       `bun:"is_public"`
	TrackSource      string     `bun:"track_source"`
	TrackID          *string    `bun:"track_id"`
	CurrentTrack     *string    `bun:"current_track"`
	CurrentArtist    *string    `bun:"current_artist"`
	TrackPreviewURL  *string    `bun:"track_preview_url"`
	TrackImageURL    *string    `bun:"track_image_url"`
	TrackImagePath   *string    `bun:"track_image_path"`
	IsActive         bool       `bun:"is_active"`
	ParticipantCount int        `bun:"participant_count"`
	IsPlaying        bool       `bun:"is_playing"`
	PositionSeconds  float64    `bun:"position_seconds"`
	PositionAt       *time.Time `bun:"position_at"`
	CreatedAt        time.Time  `bun:"created_at"`
	UpdatedAt        time.Time  `bun:"updated_at"`
	EndedAt          *time.Time `bun:"ended_at"`
	pgkit.CardRow
}

var roomCols = `r.id, r.name, r.description, r.host_id, r.is_public, r.track_source, r.track_id, r.current_track,
	r.current_artist, r.track_preview_url, r.track_image_url, r.track_image_path, r.is_active, r.participant_count, r.is_playing,
	r.position_seconds, r.position_at, r.created_at, r.updated_at, r.ended_at, ` + pgkit.CardColumns("h", "")

func utc(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	u := t.UTC()
	return &u
}

func (r roomRow) room() app.Room {
	return app.Room{ID: r.ID, Name: r.Name, Description: r.Description, HostID: domain.UserID(r.HostID),
		Host: r.Card(r.HostID), IsPublic: r.IsPublic, TrackSource: r.TrackSource, TrackID: r.TrackID,
		CurrentTrack: r.CurrentTrack, CurrentArtist: r.CurrentArtist, TrackPreviewURL: r.TrackPreviewURL,
		TrackImageURL: r.TrackImageURL, TrackImagePath: r.TrackImagePath, IsActive: r.IsActive, ParticipantCount: r.ParticipantCount,
		IsPlaying: r.IsPlaying, PositionSeconds: r.PositionSeconds, PositionAt: utc(r.PositionAt),
		CreatedAt: r.CreatedAt.UTC(), UpdatedAt: r.UpdatedAt.UTC(), EndedAt: utc(r.EndedAt)}
}

// InsertRoom stores r.
func (s *Store) InsertRoom(ctx context.Context, r app.Room) error {
	_, err := s.IDB(ctx).NewRaw(`INSERT INTO listening_rooms (id, name, description, host_id, is_public, track_source,
		track_id, current_track, current_artist, track_preview_url, track_image_url, is_active, participant_count,
		created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, true, 0, ?, ?)`,
		r.ID, r.Name, r.Description, uuid.UUID(r.HostID), r.IsPublic, r.TrackSource, r.TrackID, r.CurrentTrack,
		r.CurrentArtist, r.TrackPreviewURL, r.TrackImageURL, r.CreatedAt, r.UpdatedAt).Exec(ctx)
	if pgkit.ForeignKeyViolation(err) {
		return app.ErrNoProfile
	}
	return err
}

// Room reads one room with its host.
func (s *Store) Room(ctx context.Context, id uuid.UUID, lock bool) (app.Room, error) {
	q := `SELECT ` + roomCols + ` FROM listening_rooms r LEFT JOIN member_cards h ON h.id = r.host_id WHERE r.id = ?`
	if lock {
		q += pgkit.LockFor(ctx, "NO KEY UPDATE", "r")
	}
	var row roomRow
	if err := s.IDB(ctx).NewRaw(q, id).Scan(ctx, &row); err != nil {
		return app.Room{}, pgkit.NotFound(err)
	}
	return row.room(), nil
}

// ActiveRooms reads the newest active rooms.
func (s *Store) ActiveRooms(ctx context.Context, limit int) ([]app.Room, error) {
	var rows []roomRow
	err := s.IDB(ctx).NewRaw(`SELECT `+roomCols+` FROM listening_rooms r LEFT JOIN member_cards h ON h.id = r.host_id
		WHERE r.is_active ORDER BY r.created_at DESC, r.id DESC LIMIT ?`, limit).Scan(ctx, &rows)
	out := make([]app.Room, len(rows))
	for i, r := range rows {
		out[i] = r.room()
	}
	return out, err
}

// End ends the room and empties it.
func (s *Store) End(ctx context.Context, id uuid.UUID, at time.Time) error {
	if _, err := s.IDB(ctx).NewRaw(`DELETE FROM listening_participants WHERE room_id = ?`, id).Exec(ctx); err != nil {
		return err
	}
	_, err := s.IDB(ctx).NewRaw(`UPDATE listening_rooms SET is_active = false, ended_at = ?, updated_at = ?,
		participant_count = 0, is_playing = false WHERE id = ?`, at, at, id).Exec(ctx)
	return err
}

// SetTrackImagePath records the key of the copy of the room's picture.
func (s *Store) SetTrackImagePath(ctx context.Context, id uuid.UUID, key string) error {
	_, err := s.IDB(ctx).NewRaw(`UPDATE listening_rooms SET track_image_path = ? WHERE id = ?`, key, id).Exec(ctx)
	return err
}

// SetPlayback writes the playback state.
func (s *Store) SetPlayback(ctx context.Context, id uuid.UUID, playing bool, position float64, at time.Time) error {
	_, err := s.IDB(ctx).NewRaw(`UPDATE listening_rooms SET is_playing = ?, position_seconds = ?, position_at = ?,
		updated_at = ? WHERE id = ?`, playing, position, at, at, id).Exec(ctx)
	return err
}

// AddParticipant inserts the pair unless it is there.
func (s *Store) AddParticipant(ctx context.Context, room uuid.UUID, user domain.UserID, at time.Time) (bool, error) {
	return pgkit.Changed(s.IDB(ctx).NewRaw(`INSERT INTO listening_participants (room_id, user_id, joined_at, last_seen)
		VALUES (?, ?, ?, ?) ON CONFLICT (room_id, user_id) DO UPDATE SET last_seen = EXCLUDED.last_seen
		WHERE false`, room, uuid.UUID(user), at, at).Exec(ctx))
}

// RemoveParticipant deletes the pair.
func (s *Store) RemoveParticipant(ctx context.Context, room uuid.UUID, user domain.UserID) (bool, error) {
	return pgkit.Changed(s.IDB(ctx).NewRaw(`DELETE FROM listening_participants WHERE room_id = ? AND user_id = ?`,
		room, uuid.UUID(user)).Exec(ctx))
}

// Exclude records that user was taken out of room: a ban stays a ban, a
// removal becomes one when banned.
func (s *Store) Exclude(ctx context.Context, room uuid.UUID, user domain.UserID, banned bool, at time.Time) error {
	_, err := s.IDB(ctx).NewRaw(`INSERT INTO listening_exclusions (room_id, user_id, banned, created_at)
		VALUES (?, ?, ?, ?) ON CONFLICT (room_id, user_id) DO UPDATE
		SET banned = listening_exclusions.banned OR EXCLUDED.banned, created_at = EXCLUDED.created_at`,
		room, uuid.UUID(user), banned, at).Exec(ctx)
	return err
}

// Exclusion reads whether user was taken out of room (excluded) and
// whether for good (banned).
func (s *Store) Exclusion(ctx context.Context, room uuid.UUID, user domain.UserID) (excluded, banned bool, err error) {
	var rows []bool
	err = s.IDB(ctx).NewRaw(`SELECT banned FROM listening_exclusions WHERE room_id = ? AND user_id = ?`,
		room, uuid.UUID(user)).Scan(ctx, &rows)
	if err != nil || len(rows) == 0 {
		return false, false, err
	}
	return true, rows[0], nil
}

// Readmit deletes a removal (not a ban) of user from room.
func (s *Store) Readmit(ctx context.Context, room uuid.UUID, user domain.UserID) error {
	_, err := s.IDB(ctx).NewRaw(`DELETE FROM listening_exclusions WHERE room_id = ? AND user_id = ? AND NOT banned`,
		room, uuid.UUID(user)).Exec(ctx)
	return err
}

// BannedFrom lists, of rooms, those user is banned from.
func (s *Store) BannedFrom(ctx context.Context, user domain.UserID, rooms []uuid.UUID) ([]uuid.UUID, error) {
	if len(rooms) == 0 {
		return nil, nil
	}
	var ids []uuid.UUID
	err := s.IDB(ctx).NewRaw(`SELECT room_id FROM listening_exclusions WHERE user_id = ? AND banned
		AND room_id = ANY(?::uuid[])`, uuid.UUID(user), pgkit.UUIDArray(rooms)).Scan(ctx, &ids)
	return ids, err
}

// Recount writes participant_count from the rows.
func (s *Store) Recount(ctx context.Context, room uuid.UUID, at time.Time) (int, error) {
	var n int
	err := s.IDB(ctx).NewRaw(`UPDATE listening_rooms SET updated_at = ?, participant_count =
		(SELECT count(*) FROM listening_participants WHERE room_id = ?) WHERE id = ? RETURNING participant_count`,
		at, room, room).Scan(ctx, &n)
	return n, pgkit.NotFound(err)
}

// Count reads participant_count.
func (s *Store) Count(ctx context.Context, room uuid.UUID) (int, error) {
	var n int
	err := s.IDB(ctx).NewRaw(`SELECT participant_count FROM listening_rooms WHERE id = ?`, room).Scan(ctx, &n)
	return n, pgkit.NotFound(err)
}

// IsParticipant reports whether the pair is there.
func (s *Store) IsParticipant(ctx context.Context, room uuid.UUID, user domain.UserID) (bool, error) {
	var ok bool
	err := s.IDB(ctx).NewRaw(`SELECT EXISTS (SELECT 1 FROM listening_participants WHERE room_id = ? AND user_id = ?)`,
		room, uuid.UUID(user)).Scan(ctx, &ok)
	return ok, err
}

type participantRow struct {
	RoomID   uuid.UUID `bun:"room_id"`
	UserID   uuid.UUID `bun:"user_id"`
	JoinedAt time.Time `bun:"joined_at"`
	LastSeen time.Time `bun:"last_seen"`
	pgkit.CardRow
}

// Participants lists a room's participants, earliest first.
func (s *Store) Participants(ctx context.Context, room uuid.UUID) ([]app.Participant, error) {
	var rows []participantRow
	err := s.IDB(ctx).NewRaw(`SELECT p.room_id, p.user_id, p.joined_at, p.last_seen, `+pgkit.CardColumns("pr", "")+`
		FROM listening_participants p LEFT JOIN member_cards pr ON pr.id = p.user_id
		WHERE p.room_id = ? ORDER BY p.joined_at, p.user_id`, room).Scan(ctx, &rows)
	out := make([]app.Participant, len(rows))
	for i, r := range rows {
		out[i] = app.Participant{RoomID: r.RoomID, UserID: domain.UserID(r.UserID), JoinedAt: r.JoinedAt.UTC(),
			LastSeen: r.LastSeen.UTC(), Profile: r.Card(r.UserID)}
	}
	return out, err
}

// Touch marks the pairs as seen at.
func (s *Store) Touch(ctx context.Context, pairs []app.Pair, node uuid.UUID, at time.Time) error {
	rooms := make([]uuid.UUID, len(pairs))
	users := make([]uuid.UUID, len(pairs))
	for i, p := range pairs {
		rooms[i], users[i] = p.RoomID, uuid.UUID(p.UserID)
	}
	_, err := s.IDB(ctx).NewRaw(`WITH t AS (SELECT * FROM unnest(?::uuid[], ?::uuid[]) AS t(room_id, user_id)),
		participants AS (UPDATE listening_participants p SET last_seen = ?
			FROM t WHERE p.room_id = t.room_id AND p.user_id = t.user_id)
		UPDATE listening_presence p SET seen_at = ?
		FROM t WHERE p.room_id = t.room_id AND p.user_id = t.user_id AND p.node_id = ?`,
		pgkit.UUIDArray(rooms), pgkit.UUIDArray(users), at, at, node).Exec(ctx)
	return err
}

// Hold upserts node's presence row of the pair.
func (s *Store) Hold(ctx context.Context, pair app.Pair, node uuid.UUID, at time.Time) error {
	_, err := s.IDB(ctx).NewRaw(`INSERT INTO listening_presence (room_id, user_id, node_id, seen_at)
		VALUES (?, ?, ?, ?) ON CONFLICT (room_id, user_id, node_id) DO UPDATE SET seen_at = EXCLUDED.seen_at`,
		pair.RoomID, uuid.UUID(pair.UserID), node, at).Exec(ctx)
	return err
}

// Release deletes node's presence row of the pair.
func (s *Store) Release(ctx context.Context, pair app.Pair, node uuid.UUID) error {
	_, err := s.IDB(ctx).NewRaw(`DELETE FROM listening_presence WHERE room_id = ? AND user_id = ? AND node_id = ?`,
		pair.RoomID, uuid.UUID(pair.UserID), node).Exec(ctx)
	return err
}

// HeldElsewhere reports whether another node's fresh row of the pair is there.
func (s *Store) HeldElsewhere(ctx context.Context, pair app.Pair, node uuid.UUID, since time.Time) (bool, error) {
	var ok bool
	err := s.IDB(ctx).NewRaw(`SELECT EXISTS (SELECT 1 FROM listening_presence
		WHERE room_id = ? AND user_id = ? AND node_id <> ? AND seen_at >= ?)`,
		pair.RoomID, uuid.UUID(pair.UserID), node, since).Scan(ctx, &ok)
	return ok, err
}

// ForgetNodes deletes the presence rows not seen since before.
func (s *Store) ForgetNodes(ctx context.Context, before time.Time) error {
	_, err := s.IDB(ctx).NewRaw(`DELETE FROM listening_presence WHERE seen_at < ?`, before).Exec(ctx)
	return err
}

// Stale lists participants last seen before t.
func (s *Store) Stale(ctx context.Context, before time.Time, limit int) ([]app.Pair, error) {
	var rows []struct {
		RoomID uuid.UUID `bun:"room_id"`
		UserID uuid.UUID `bun:"user_id"`
	}
	err := s.IDB(ctx).NewRaw(`SELECT room_id, user_id FROM listening_participants WHERE last_seen < ?
		ORDER BY last_seen LIMIT ?`, before, limit).Scan(ctx, &rows)
	out := make([]app.Pair, len(rows))
	for i, r := range rows {
		out[i] = app.Pair{RoomID: r.RoomID, UserID: domain.UserID(r.UserID)}
	}
	return out, err
}

// Idle lists active empty rooms unchanged since before.
func (s *Store) Idle(ctx context.Context, before time.Time, limit int) ([]uuid.UUID, error) {
	var ids []uuid.UUID
	err := s.IDB(ctx).NewRaw(`SELECT id FROM listening_rooms WHERE is_active AND participant_count = 0
		AND updated_at < ? ORDER BY updated_at LIMIT ?`, before, limit).Scan(ctx, &ids)
	return ids, err
}

// InsertMessage stores m.
func (s *Store) InsertMessage(ctx context.Context, m app.Message) error {
	_, err := s.IDB(ctx).NewRaw(`INSERT INTO listening_messages (id, room_id, user_id, text, created_at)
		VALUES (?, ?, ?, ?, ?)`, m.ID, m.RoomID, uuid.UUID(m.UserID), m.Text, m.CreatedAt).Exec(ctx)
	return err
}

// Messages reads the latest limit messages, oldest first, but those of
// the members hidden.
func (s *Store) Messages(ctx context.Context, room uuid.UUID, hidden []domain.UserID, limit int) ([]app.Message, error) {
	var rows []struct {
		ID        uuid.UUID `bun:"id"`
		RoomID    uuid.UUID `bun:"room_id"`
		UserID    uuid.UUID `bun:"user_id"`
		Text      string    `bun:"text"`
		CreatedAt time.Time `bun:"created_at"`
		pgkit.CardRow
	}
	q := `SELECT * FROM (SELECT m.id, m.room_id, m.user_id, m.text, m.created_at, ` + pgkit.CardColumns("pr", "") + `
		FROM listening_messages m LEFT JOIN member_cards pr ON pr.id = m.user_id
		WHERE m.room_id = ?`
	args := []any{room}
	if len(hidden) > 0 {
		q += ` AND m.user_id <> ALL(?::uuid[])`
		args = append(args, pgkit.UUIDArray(hidden))
	}
	err := s.IDB(ctx).NewRaw(q+` ORDER BY m.created_at DESC, m.id DESC LIMIT ?) last ORDER BY created_at, id`,
		append(args, limit)...).Scan(ctx, &rows)
	out := make([]app.Message, len(rows))
	for i, r := range rows {
		out[i] = app.Message{ID: r.ID, RoomID: r.RoomID, UserID: domain.UserID(r.UserID), Text: r.Text,
			CreatedAt: r.CreatedAt.UTC(), Author: r.Card(r.UserID)}
	}
	return out, err
}

// The store is also the rooms' part of a member's data (ports.MemberData):
// the rooms they host and what they wrote in rooms' chats; on deletion
// their presence in rooms (each room's participant count lowered with it),
// their chat lines and the rooms they host.
var _ ports.MemberData = (*Store)(nil)

// EraseMember removes one batch of the member's rows.
func (s *Store) EraseMember(ctx context.Context, member domain.UserID, batch int) (bool, error) {
	return pgkit.EraseBatch(ctx, s.DB, member, batch,
		pgkit.EraseRows{Table: "listening_participants", Member: "user_id", Key: "room_id", Parents: "listening_rooms", Count: "participant_count"},
		pgkit.EraseRows{Table: "listening_presence", Member: "user_id", Key: "room_id, user_id, node_id"},
		pgkit.EraseRows{Table: "listening_messages", Member: "user_id", Key: "id"},
		pgkit.EraseRows{Table: "listening_exclusions", Member: "user_id", Key: "room_id, user_id"},
		pgkit.EraseRows{Table: "listening_rooms", Member: "host_id", Key: "id"},
	)
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
func (s *Store) ExportMember(ctx context.Context, member domain.UserID, w ports.ArchiveWriter) error {
	db, uid := s.IDB(ctx), uuid.UUID(member)
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
