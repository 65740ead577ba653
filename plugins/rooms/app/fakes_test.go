package app

import (
	"context"
	"io"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/ports/portstest"
	"social/kit/plugin/plugintest"
)

// memRooms keeps the rooms, their participants, exclusions, chat and the
// blocks between members in memory. It embeds Store so that a method the
// use cases under test never call fails loudly (a nil interface) instead
// of being written for nothing.
type memRooms struct {
	Store
	rooms    map[uuid.UUID]*Room
	in       map[Pair]bool
	excluded map[Pair]bool // value: banned
	chat     []Message
	plugintest.Blocks
	noProf map[domain.UserID]bool
	audit  []domain.AuditEntry
	images []uuid.UUID
}

func newMemRooms() *memRooms {
	return &memRooms{rooms: map[uuid.UUID]*Room{}, in: map[Pair]bool{}, excluded: map[Pair]bool{},
		Blocks: plugintest.Blocks{}, noProf: map[domain.UserID]bool{}}
}

func (m *memRooms) InsertRoom(_ context.Context, r Room) error {
	if m.noProf[r.HostID] {
		return ErrNoProfile
	}
	m.rooms[r.ID] = &r
	return nil
}

func (m *memRooms) Room(_ context.Context, id uuid.UUID, _ bool) (Room, error) {
	r, ok := m.rooms[id]
	if !ok {
		return Room{}, domain.ErrNotFound
	}
	return *r, nil
}

func (m *memRooms) End(_ context.Context, id uuid.UUID, at time.Time) error {
	m.rooms[id].IsActive, m.rooms[id].EndedAt = false, &at
	return nil
}

func (m *memRooms) SetPlayback(_ context.Context, id uuid.UUID, playing bool, position float64, at time.Time) error {
	r := m.rooms[id]
	r.IsPlaying, r.PositionSeconds, r.PositionAt = playing, position, &at
	return nil
}

func (m *memRooms) AddParticipant(_ context.Context, room uuid.UUID, user domain.UserID, _ time.Time) (bool, error) {
	p := Pair{room, user}
	added := !m.in[p]
	m.in[p] = true
	return added, nil
}

func (m *memRooms) RemoveParticipant(_ context.Context, room uuid.UUID, user domain.UserID) (bool, error) {
	p := Pair{room, user}
	removed := m.in[p]
	delete(m.in, p)
	return removed, nil
}

func (m *memRooms) Count(_ context.Context, room uuid.UUID) (int, error) {
	n := 0
	for p := range m.in {
		if p.RoomID == room {
			n++
		}
	}
	return n, nil
}

func (m *memRooms) Recount(ctx context.Context, room uuid.UUID, _ time.Time) (int, error) {
	n, _ := m.Count(ctx, room)
	m.rooms[room].ParticipantCount = n
	return n, nil
}

func (m *memRooms) IsParticipant(_ context.Context, room uuid.UUID, user domain.UserID) (bool, error) {
	return m.in[Pair{room, user}], nil
}

func (m *memRooms) Card(_ context.Context, user domain.UserID) (domain.MemberCard, error) {
	return domain.MemberCard{ID: user, Handle: "m" + user.String()[:6]}, nil
}

func (m *memRooms) InsertMessage(_ context.Context, msg Message) error {
	m.chat = append(m.chat, msg)
	return nil
}

func (m *memRooms) Exclude(_ context.Context, room uuid.UUID, user domain.UserID, banned bool, _ time.Time) error {
	m.excluded[Pair{room, user}] = banned
	return nil
}

func (m *memRooms) Exclusion(_ context.Context, room uuid.UUID, user domain.UserID) (bool, bool, error) {
	banned, excluded := m.excluded[Pair{room, user}]
	return excluded, banned, nil
}

func (m *memRooms) Readmit(_ context.Context, room uuid.UUID, user domain.UserID) error {
	delete(m.excluded, Pair{room, user})
	return nil
}

func (m *memRooms) Record(_ context.Context, e domain.AuditEntry) error {
	m.audit = append(m.audit, e)
	return nil
}

func (m *memRooms) EnqueueTrackImage(_ context.Context, room uuid.UUID) error {
	m.images = append(m.images, room)
	return nil
}

type rig struct {
	store *memRooms
	heard plugintest.Heard
	deps  *Rooms
}

func newRig() *rig {
	store, h := newMemRooms(), plugintest.Heard{}
	return &rig{store: store, heard: h, deps: &Rooms{Tx: portstest.InlineTx{}, Store: store,
		Clock: portstest.Clock{At: time.Date(2026, 8, 1, 20, 0, 0, 0, time.UTC)}, Broadcaster: h,
		Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Safety: store}}
}

// room stores an active room hosted by host, playing a preview track.
func (r *rig) room(host domain.UserID) uuid.UUID {
	id := uuid.New()
	r.store.rooms[id] = &Room{ID: id, Name: "Sala", HostID: host, IsActive: true, TrackSource: "preview"}
	return id
}

func member() domain.Viewer { return domain.Viewer{UserID: domain.NewUserID()} }
