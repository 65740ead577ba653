package app

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"social/core/domain"
	"social/core/ports"
	notifications "social/features/notifications/app"
)

// ErrFinal marks a delivery not worth retrying (the push service refused
// the message itself); the job ends.
var ErrFinal = errors.New("push refused for good")

// RetryError is a delivery to try again, after Wait when the push service
// asked for one.
type RetryError struct {
	Wait time.Duration
	Err  error
}

func (e *RetryError) Error() string { return e.Err.Error() }
func (e *RetryError) Unwrap() error { return e.Err }

// NotificationShower reads a notification as its recipient's list shows it
// (the notifications feature's ShowNotification).
type NotificationShower interface {
	Handle(ctx context.Context, recipient domain.UserID, id domain.NotificationID) (notifications.Listed, bool, error)
}

// Deliver sends one job's push to one device.
type Deliver struct {
	Store         Subscriptions
	Deliveries    Deliveries
	Notifications NotificationShower
	Sender        ports.PushSender
	Keys          *Keys
	Clock         ports.Clock
	// AvatarURL links an avatar's storage key for the device to load.
	AvatarURL func(ctx context.Context, key *string) *string
	TTL       time.Duration
	PerMinute int
	Log       *slog.Logger
}

// payload is the JSON the service worker reads. It holds what the
// notification shows and nothing more: no token, no key, no address.
type payload struct {
	ID    string  `json:"id"`
	Type  string  `json:"type"`
	Title string  `json:"title"`
	Body  string  `json:"body"`
	Icon  *string `json:"icon"`
	URL   string  `json:"url"`
	Tag   string  `json:"tag"`
}

// Handle sends job's push, once: job is the queue's stable ID of the job,
// the same on every attempt. What should no longer be pushed (a device
// gone or switched off, a notification the list would not show now, a
// message past its TTL, a member over their cap) ends without a push.
func (uc *Deliver) Handle(ctx context.Context, job int64, j Job) error {
	now := uc.Clock.Now()
	if now.Sub(j.At) > uc.TTL {
		return nil
	}
	sub, ok, err := uc.Store.Live(ctx, j.Subscription)
	if err != nil || !ok || (!AlwaysOn(j.Alert) && !sub.On(j.Alert)) {
		return err
	}
	p, ok, err := uc.content(ctx, j)
	if err != nil || !ok {
		return err
	}
	body, err := json.Marshal(p)
	if err != nil {
		return err
	}
	claim, err := uc.Deliveries.Claim(ctx, job, j.Recipient, uc.PerMinute, now)
	if err != nil || claim != ClaimSend {
		if claim == ClaimCapped {
			uc.Log.DebugContext(ctx, "push over the member's cap", "recipient", j.Recipient.String(), "type", string(j.Alert))
		}
		return err
	}
	id, err := uc.Keys.Identity(ctx)
	if err != nil {
		return uc.release(ctx, job, err)
	}
	res, err := uc.Sender.Send(ctx, id, ports.PushDevice{Endpoint: sub.Endpoint, P256DH: sub.P256DH, Auth: sub.Auth},
		ports.PushMessage{Payload: body, TTL: uc.TTL - now.Sub(j.At), Urgency: urgency(j.Alert), Topic: j.Topic})
	if err != nil {
		return uc.release(ctx, job, &RetryError{Err: err})
	}
	switch s := res.Status; {
	case s >= 200 && s < 300:
		return uc.Deliveries.Sent(ctx, job)
	case s == 404 || s == 410:
		// The browser unsubscribed or the subscription expired: this
		// device will never take a push again.
		if err := uc.Store.Delete(ctx, sub.ID); err != nil {
			return err
		}
		return uc.release(ctx, job, nil)
	case s == 429 || s >= 500:
		return uc.release(ctx, job, &RetryError{Wait: res.RetryAfter, Err: fmt.Errorf("push service answered %d", s)})
	default:
		return uc.release(ctx, job, fmt.Errorf("%w: push service answered %d", ErrFinal, s))
	}
}

// release gives the job's reservation back and returns cause.
func (uc *Deliver) release(ctx context.Context, job int64, cause error) error {
	if err := uc.Deliveries.Release(ctx, job); err != nil {
		return errors.Join(cause, err)
	}
	return cause
}

// content is the push of j, or ok false when it is no longer to be pushed.
func (uc *Deliver) content(ctx context.Context, j Job) (payload, bool, error) {
	if j.Notification == nil {
		if j.Content == nil {
			return payload{}, false, nil
		}
		c := j.Content
		return payload{ID: c.ID, Type: string(j.Alert), Title: c.Title, Body: c.Body,
			Icon: uc.AvatarURL(ctx, c.AvatarKey), URL: c.URL, Tag: j.Topic}, true, nil
	}
	n, ok, err := uc.Notifications.Handle(ctx, j.Recipient, *j.Notification)
	if err != nil || !ok {
		return payload{}, false, err
	}
	p := payload{ID: n.ID.String(), Type: string(j.Alert), Title: n.Title,
		Icon: uc.AvatarURL(ctx, n.Sender.AvatarPath), Tag: j.Topic}
	if n.Message != nil {
		p.Body = *n.Message
	}
	switch {
	case n.Type == domain.NotifySystem:
		p.Body = n.Body
		p.URL = noticeURL(n.Notice)
	case n.Type == domain.NotifyFollow:
		p.URL = "/profile/" + n.Sender.Handle
		p.Body = bodyFollow
	case n.PostID != nil:
		p.URL = "/post/" + n.PostID.String()
	default:
		p.URL = "/notifications"
	}
	return p, true, nil
}

// noticeURL is the screen a notice from the service opens: the archive's
// download or the sessions in Settings, else the list (a removed post is
// gone; a report's outcome is told in the notice itself).
func noticeURL(k domain.NoticeKind) string {
	switch k {
	case domain.NoticeExportReady:
		return URLDataExport
	case domain.NoticeNewSignIn:
		return URLSessions
	}
	return "/notifications"
}

// urgency tells the push service how soon the device should wake for it
// (RFC 8030 section 5.3): a message to read now is high, a like is low.
func urgency(a Alert) string {
	switch a {
	case AlertMessage:
		return ports.UrgencyHigh
	case AlertLike, AlertFollow:
		return ports.UrgencyLow

	}
	return ports.UrgencyNormal
}
