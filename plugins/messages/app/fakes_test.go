package app

import (
	"context"
	"io"
	"log/slog"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/ports"
	"social/core/ports/portstest"
	"social/kit/plugin/plugintest"
)

// memConv is one conversation: its pair, messages (oldest first), and
// each member's marker and unread count.
type memConv struct {
	id     uuid.UUID
	pair   [2]domain.UserID
	at     time.Time
	msgs   []Message
	read   map[domain.UserID]*Marker
	unread map[domain.UserID]int
}

// memMessages is the messages Store in memory, with safety's relations
// (blocks) and a limiter answering wait.
type memMessages struct {
	cards    map[string]domain.MemberCard
	convs    []*memConv
	settings map[domain.UserID]Settings
	follows  map[[2]domain.UserID]bool
	plugintest.Blocks
	suspended map[domain.UserID]bool
	deleted   map[domain.UserID]bool
	noProf    map[domain.UserID]bool
	wait      time.Duration
	takes     int
	inboxQ    string // the last query the inbox was asked
}

func newMemMessages() *memMessages {
	return &memMessages{cards: map[string]domain.MemberCard{}, settings: map[domain.UserID]Settings{},
		follows: map[[2]domain.UserID]bool{}, Blocks: plugintest.Blocks{}, suspended: map[domain.UserID]bool{},
		deleted: map[domain.UserID]bool{}, noProf: map[domain.UserID]bool{}}
}

func (m *memMessages) member(handle string) domain.Viewer {
	id := domain.NewUserID()
	m.cards[handle] = domain.MemberCard{ID: id, Handle: handle}
	return domain.Viewer{UserID: id}
}

func (m *memMessages) card(id domain.UserID) domain.MemberCard {
	for _, c := range m.cards {
		if c.ID == id {
			return c
		}
	}
	return domain.MemberCard{ID: id}
}

func (m *memMessages) find(id uuid.UUID) *memConv {
	for _, c := range m.convs {
		if c.id == id {
			return c
		}
	}
	return nil
}

func (m *memMessages) CardByHandle(_ context.Context, handle string) (domain.MemberCard, error) {
	c, ok := m.cards[strings.ToLower(handle)]
	if !ok {
		return domain.MemberCard{}, domain.ErrNotFound
	}
	return c, nil
}

func (m *memMessages) CreatePair(ctx context.Context, id uuid.UUID, a, b domain.UserID, at time.Time) (uuid.UUID, error) {
	if m.noProf[a] || m.noProf[b] {
		return uuid.Nil, ErrNoProfile
	}
	if existing, err := m.PairConversation(ctx, a, b); err == nil {
		return existing, nil
	}
	m.convs = append(m.convs, &memConv{id: id, pair: [2]domain.UserID{a, b}, at: at,
		read: map[domain.UserID]*Marker{}, unread: map[domain.UserID]int{}})
	return id, nil
}

func (m *memMessages) PairConversation(_ context.Context, a, b domain.UserID) (uuid.UUID, error) {
	for _, c := range m.convs {
		if c.pair == [2]domain.UserID{a, b} || c.pair == [2]domain.UserID{b, a} {
			return c.id, nil
		}
	}
	return uuid.Nil, domain.ErrNotFound
}

func (m *memMessages) Conversation(ctx context.Context, viewer domain.UserID, id uuid.UUID) (Conversation, error) {
	c := m.find(id)
	if c == nil || !slices.Contains(c.pair[:], viewer) {
		return Conversation{}, domain.ErrNotFound
	}
	peer := c.pair[0]
	if peer == viewer {
		peer = c.pair[1]
	}
	out := Conversation{ID: id, Peer: m.card(peer), CreatedAt: c.at, UnreadCount: c.unread[viewer],
		Read: c.read[viewer], PeerRead: c.read[peer]}
	if len(c.msgs) > 0 {
		last := c.msgs[len(c.msgs)-1]
		out.LastMessage = &last
	}
	out.CanSend = m.mayWriteTo(viewer, peer)
	return out, nil
}

// mayWriteTo is the setting alone, as the store's read answers it.
func (m *memMessages) mayWriteTo(sender, recipient domain.UserID) bool {
	return !m.settings[recipient].OnlyFollowing || m.follows[[2]domain.UserID{recipient, sender}]
}

func (m *memMessages) LockConversation(context.Context, uuid.UUID) error { return nil }

func (m *memMessages) Inbox(ctx context.Context, viewer domain.UserID, query string, hidden []domain.UserID, after *Cursor, limit int) ([]Conversation, error) {
	m.inboxQ = query
	var out []Conversation
	for i := len(m.convs) - 1; i >= 0 && len(out) < limit; i-- {
		c, err := m.Conversation(ctx, viewer, m.convs[i].id)
		if err != nil || c.LastMessage == nil || slices.Contains(hidden, c.Peer.ID) ||
			!strings.Contains(c.Peer.Handle, query) {
			continue
		}
		if after != nil && !c.LastMessage.CreatedAt.Before(after.At) {
			continue
		}
		out = append(out, c)
	}
	return out, nil
}

func (m *memMessages) Messages(_ context.Context, id uuid.UUID, before *Cursor, limit int) ([]Message, error) {
	c := m.find(id)
	var out []Message
	for i := len(c.msgs) - 1; i >= 0 && len(out) < limit; i-- {
		msg := c.msgs[i]
		if before != nil && !(&Marker{At: before.At, ID: before.ID}).Covers(msg) {
			continue
		}
		if before != nil && msg.ID == before.ID {
			continue
		}
		out = append(out, msg)
	}
	return out, nil
}

func (m *memMessages) LastMessage(_ context.Context, id uuid.UUID) (Message, error) {
	c := m.find(id)
	if c == nil || len(c.msgs) == 0 {
		return Message{}, domain.ErrNotFound
	}
	return c.msgs[len(c.msgs)-1], nil
}

func (m *memMessages) InsertMessage(_ context.Context, msg Message, recipient domain.UserID) error {
	if m.noProf[msg.SenderID] {
		return ErrNoProfile
	}
	c := m.find(msg.ConversationID)
	c.msgs = append(c.msgs, msg)
	c.read[msg.SenderID] = &Marker{At: msg.CreatedAt, ID: msg.ID}
	c.unread[msg.SenderID] = 0
	c.unread[recipient]++
	return nil
}

func (m *memMessages) MarkRead(_ context.Context, id uuid.UUID, reader domain.UserID, k Marker) error {
	c := m.find(id)
	c.read[reader], c.unread[reader] = &k, 0
	return nil
}

func (m *memMessages) UnreadTotal(_ context.Context, member domain.UserID, hidden []domain.UserID) (int, error) {
	n := 0
	for _, c := range m.convs {
		if slices.Contains(c.pair[:], member) && !slices.ContainsFunc(hidden, func(h domain.UserID) bool {
			return h != member && slices.Contains(c.pair[:], h)
		}) {
			n += c.unread[member]
		}
	}
	return n, nil
}

func (m *memMessages) Standing(_ context.Context, member domain.UserID) (bool, bool, error) {
	return m.suspended[member], m.deleted[member], nil
}

func (m *memMessages) Settings(_ context.Context, user domain.UserID) (Settings, error) {
	return m.settings[user], nil
}

func (m *memMessages) SaveSettings(_ context.Context, user domain.UserID, s Settings, _ time.Time) error {
	if m.noProf[user] {
		return ErrNoProfile
	}
	m.settings[user] = s
	return nil
}

func (m *memMessages) Follows(_ context.Context, follower, followee domain.UserID) (bool, error) {
	return m.follows[[2]domain.UserID{follower, followee}], nil
}

func (m *memMessages) Take(context.Context, ...ports.RateRule) (time.Duration, error) {
	m.takes++
	return m.wait, nil
}

type rig struct {
	store *memMessages
	heard plugintest.Heard
	deps  *Messages
}

func newRig() *rig {
	store, h := newMemMessages(), plugintest.Heard{}
	return &rig{store: store, heard: h, deps: &Messages{Tx: portstest.InlineTx{}, Store: store,
		Clock: portstest.Clock{At: time.Date(2026, 7, 1, 9, 0, 0, 0, time.UTC)}, Broadcaster: h, Limiter: store,
		Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Safety: store}}
}

// started opens a's conversation with b.
func (r *rig) started(a domain.Viewer, bHandle string) Conversation {
	c, _, err := (&StartConversation{r.deps}).Handle(context.Background(), a, bHandle)
	if err != nil {
		panic(err)
	}
	return c
}
