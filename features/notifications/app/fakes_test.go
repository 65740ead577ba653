package app

import (
	"context"
	"io"
	"log/slog"
	"testing"

	"social/core/domain"
)

// memNotifications is the notifications store the use cases see: rows by
// recipient, a read flag each, and the uniqueness of a like, mention or
// follow that the table's index keeps.
type memNotifications struct {
	rows    []domain.Notification
	read    map[domain.NotificationID]bool
	failing error // answered by every call when set
}

func newMem() *memNotifications {
	return &memNotifications{read: map[domain.NotificationID]bool{}}
}

func (m *memNotifications) Insert(_ context.Context, n domain.Notification) (bool, error) {
	if m.failing != nil {
		return false, m.failing
	}
	for _, r := range m.rows {
		if n.Type != domain.NotifyComment && r.RecipientID == n.RecipientID && r.SenderID == n.SenderID &&
			r.Type == n.Type && samePost(r.PostID, n.PostID) {
			return false, nil
		}
	}
	m.rows = append(m.rows, n)
	return true, nil
}

func (m *memNotifications) Retract(_ context.Context, recipient, sender domain.UserID, typ domain.NotificationType, post *domain.PostID) ([]domain.NotificationID, error) {
	if m.failing != nil {
		return nil, m.failing
	}
	var gone []domain.NotificationID
	kept := m.rows[:0]
	for _, r := range m.rows {
		if r.RecipientID == recipient && r.SenderID == sender && r.Type == typ && samePost(r.PostID, post) {
			gone = append(gone, r.ID)
			continue
		}
		kept = append(kept, r)
	}
	m.rows = kept
	return gone, nil
}

func (m *memNotifications) Newest(_ context.Context, recipient domain.UserID, limit int) ([]domain.NotificationItem, error) {
	if m.failing != nil {
		return nil, m.failing
	}
	var out []domain.NotificationItem
	for i := len(m.rows) - 1; i >= 0 && len(out) < limit; i-- {
		if r := m.rows[i]; r.RecipientID == recipient {
			out = append(out, domain.NotificationItem{Notification: r,
				Sender: domain.MemberCard{ID: r.SenderID, DisplayName: "Membro " + r.SenderID.String()[:4]}})
		}
	}
	return out, nil
}

func (m *memNotifications) Unread(_ context.Context, recipient domain.UserID) (int, error) {
	if m.failing != nil {
		return 0, m.failing
	}
	n := 0
	for _, r := range m.rows {
		if r.RecipientID == recipient && !m.read[r.ID] {
			n++
		}
	}
	return n, nil
}

func (m *memNotifications) MarkRead(_ context.Context, recipient domain.UserID, id domain.NotificationID) error {
	if m.failing != nil {
		return m.failing
	}
	for _, r := range m.rows {
		if r.ID == id && r.RecipientID == recipient {
			m.read[id] = true
			return nil
		}
	}
	return domain.ErrNotFound
}

func (m *memNotifications) MarkAllRead(_ context.Context, recipient domain.UserID) error {
	if m.failing != nil {
		return m.failing
	}
	for _, r := range m.rows {
		if r.RecipientID == recipient {
			m.read[r.ID] = true
		}
	}
	return nil
}

func samePost(a, b *domain.PostID) bool {
	return (a == nil && b == nil) || (a != nil && b != nil && *a == *b)
}

func quietLog() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

// recordLikes records n likes of recipient's posts by sender, one post each.
func recordLikes(t *testing.T, rec *Recorder, recipient, sender domain.UserID, n int) {
	t.Helper()
	for range n {
		post := domain.NewPostID()
		if _, err := rec.Record(context.Background(), Notice{Recipient: recipient, Sender: sender, Type: domain.NotifyLike, Post: &post}); err != nil {
			t.Fatal(err)
		}
	}
}
