package app

import (
	"context"
	"fmt"
	"slices"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/ports"
)

// Writer stores notifications in the transaction of ctx.
type Writer interface {
	// Insert stores n unless the same like, mention or follow is already
	// there; it reports whether a row was made.
	Insert(ctx context.Context, n domain.Notification) (bool, error)
	// Retract deletes the like, mention or follow notification sender left
	// for recipient about post (nil for follow) and returns the IDs it
	// deleted.
	Retract(ctx context.Context, recipient, sender domain.UserID, typ domain.NotificationType, post *domain.PostID) ([]domain.NotificationID, error)
}

// Change is a notification recorded or retracted, to announce after commit.
type Change struct {
	Recipient domain.UserID
	ID        domain.NotificationID
	Event     string
}

// Deliverer is another delivery of what Record stores (a push to the
// recipient's devices). It is called in the transaction that stored the
// notification, so that its own work (a job) exists only if the
// notification does.
type Deliverer interface {
	Recorded(ctx context.Context, n domain.Notification) error
}

// Recorder is called by other use cases inside their transaction.
type Recorder struct {
	Store      Writer
	Clock      ports.Clock
	Deliverers []Deliverer
}

// Notice is what happened, from the causing feature's point of view.
type Notice struct {
	Recipient domain.UserID
	Sender    domain.UserID
	Type      domain.NotificationType
	Post      *domain.PostID
	CommentID *uuid.UUID
	// Text is the post's or comment's text; an excerpt is kept.
	Text string
}

// Record stores the notice, unless it is about oneself (never notify a
// member of their own actions) or already stored. The changes to announce
// after commit are returned (none when nothing was stored).
func (r *Recorder) Record(ctx context.Context, n Notice) ([]Change, error) {
	if n.Recipient == n.Sender || n.Recipient.IsZero() {
		return nil, nil
	}
	row := domain.Notification{ID: domain.NewNotificationID(), RecipientID: n.Recipient, SenderID: n.Sender,
		Type: n.Type, PostID: n.Post, CreatedAt: r.Clock.Now()}
	row.CommentID = n.CommentID
	return r.store(ctx, row, n.Text)
}

// store keeps row with an excerpt of text ("" for none), unless the same
// like, mention or follow is there already, and hands what it stored to the
// other deliveries.
func (r *Recorder) store(ctx context.Context, row domain.Notification, text string) ([]Change, error) {
	if text != "" {
		msg := domain.Excerpt(text)
		row.Message = &msg
	}
	made, err := r.Store.Insert(ctx, row)
	if err != nil || !made {
		return nil, err
	}
	for _, d := range r.Deliverers {
		if err := d.Recorded(ctx, row); err != nil {
			return nil, err
		}
	}
	return []Change{{Recipient: row.RecipientID, ID: row.ID, Event: EventCreated}}, nil
}

// SystemNotice is a notice from the service to one member: which one, and
// what it shows (a removed post's text, a new sign-in's device).
type SystemNotice struct {
	Recipient domain.UserID
	Kind      domain.NoticeKind
	// Text is kept as an excerpt (a removed post's text, the device of a
	// sign-in); "" for none.
	Text string
}

// Tell stores a notice from the service, in the transaction of ctx of
// what caused it, and hands it to the other deliveries (push). No block or
// mute stands between the service and a member, so it is always stored.
// The change to announce after commit is returned.
func (r *Recorder) Tell(ctx context.Context, n SystemNotice) ([]Change, error) {
	if n.Recipient.IsZero() {
		return nil, nil
	}
	if !slices.Contains(domain.NoticeKinds, n.Kind) {
		return nil, fmt.Errorf("tell %q to %s: not a notice", n.Kind, n.Recipient)
	}
	row := domain.Notification{ID: domain.NewNotificationID(), RecipientID: n.Recipient, Type: domain.NotifySystem,
		Notice: n.Kind, CreatedAt: r.Clock.Now()}
	return r.store(ctx, row, n.Text)
}

// Retract removes a like, mention or follow notification whose cause was
// undone (an unlike, an unfollow), so no stale one is left behind.
func (r *Recorder) Retract(ctx context.Context, n Notice) ([]Change, error) {
	if n.Recipient == n.Sender {
		return nil, nil
	}
	ids, err := r.Store.Retract(ctx, n.Recipient, n.Sender, n.Type, n.Post)
	if err != nil {
		return nil, err
	}
	out := make([]Change, len(ids))
	for i, id := range ids {
		out[i] = Change{Recipient: n.Recipient, ID: id, Event: EventRemoved}
	}
	return out, nil
}
