package app

import (
	"context"
	"encoding/base64"
	"fmt"
	"time"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/ports"
)

// Content is a push that is not a recorded notification (a direct
// message, a report for the moderators), told by the feature it comes
// from, which has already decided the recipient may be told.
type Content struct {
	Title     string
	Body      string
	AvatarKey *string // the actor's avatar, a storage key
	URL       string  // the screen to open, a path of the member app
	ID        string  // what it is about (a message, a report)
}

// Push is one thing to push to a member's devices.
type Push struct {
	Recipient domain.UserID
	Actor     domain.UserID // zero for the service itself
	Alert     Alert
	Topic     string
	Content   Content
}

// Fanout enqueues a push job per device that wants it, in the transaction
// that made what is pushed. It is the notifications feature's Deliverer.
type Fanout struct {
	Enabled bool
	Store   Subscriptions
	// Notifications decides whether the list shows a notification: one
	// it hides takes no place in its topic's window.
	Notifications NotificationShower
	Queue         Queue
	Clock         ports.Clock
	// Window is the collapse window (push.collapse_window).
	Window time.Duration
}

// Recorded enqueues the pushes of a notification just recorded.
func (f *Fanout) Recorded(ctx context.Context, n domain.Notification) error {
	alert, ok := alertOf(n.Type)
	if !ok || !f.Enabled {
		return nil
	}
	id := n.ID
	return f.enqueue(ctx, n.RecipientID, n.SenderID, alert, topicOf(alert, n), &id, nil)
}

// shown reports whether the recipient's list shows notification id.
func (f *Fanout) shown(ctx context.Context, recipient domain.UserID, id *domain.NotificationID) (bool, error) {
	if id == nil {
		return true, nil
	}
	_, ok, err := f.Notifications.Handle(ctx, recipient, *id)
	return ok, err
}

// Push enqueues p for the recipient's devices.
func (f *Fanout) Push(ctx context.Context, p Push) error {
	if !f.Enabled {
		return nil
	}
	c := p.Content
	return f.enqueue(ctx, p.Recipient, p.Actor, p.Alert, p.Topic, nil, &c)
}

// PushStaff enqueues c for the devices of the moderators and
// administrators with the moderation alert on.
func (f *Fanout) PushStaff(ctx context.Context, c Content, topic string) error {
	if !f.Enabled {
		return nil
	}
	subs, err := f.Store.StaffTargets(ctx)
	if err != nil || len(subs) == 0 {
		return err
	}
	return f.queue(ctx, subs, AlertModeration, topic, nil, &c)
}

func (f *Fanout) enqueue(ctx context.Context, recipient, actor domain.UserID, alert Alert, topic string, n *domain.NotificationID, c *Content) error {
	subs, err := f.Store.Targets(ctx, recipient, actor, alert)
	if err != nil || len(subs) == 0 {
		return err
	}
	// Asked when enqueuing too (the job asks again when it sends): a
	// muted word's comment must not take the window of the next comment.
	if ok, err := f.shown(ctx, recipient, n); err != nil || !ok {
		return err
	}
	return f.queue(ctx, subs, alert, topic, n, c)
}

// queue enqueues one job per device.
func (f *Fanout) queue(ctx context.Context, subs []Subscription, alert Alert, topic string, n *domain.NotificationID, c *Content) error {
	now := f.Clock.Now()
	jobs := make([]Job, len(subs))
	for i, s := range subs {
		jobs[i] = Job{Subscription: s.ID, Recipient: s.AccountID, Alert: alert, Topic: topic, Notification: n, Content: c, At: now}
	}
	if err := f.Queue.Enqueue(ctx, jobs, f.Window); err != nil {
		return fmt.Errorf("enqueue %d %s pushes: %w", len(jobs), alert, err)
	}
	return nil
}

// topicOf is a notification's collapse topic: the likes of one post share
// one, as do the comments on it and the mentions in it, and new followers
// share one; each notice from the service has its own. A topic is at most 32 characters of the URL-safe base64
// alphabet (RFC 8030 section 5.4): a post ID is 22 of them.
func topicOf(a Alert, n domain.Notification) string {
	if n.Type == domain.NotifySystem {
		// One per notice: a post removed does not swallow the sign-in
		// told just before it.
		return string(a) + "-" + string(n.Notice)
	}
	if n.PostID == nil {
		return string(a)
	}
	return string(a) + "-" + Topic(uuid.UUID(*n.PostID))
}

// Topic is id in the topic alphabet (22 characters), for features that
// make their own topics (a conversation's).
func Topic(id uuid.UUID) string { return base64.RawURLEncoding.EncodeToString(id[:]) }
