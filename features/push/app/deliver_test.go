package app

import (
	"context"
	"crypto/ecdh"
	"crypto/rand"
	"errors"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/ports"
	"social/core/ports/portstest"
	notifications "social/features/notifications/app"
)

type fakeSubs struct {
	Subscriptions
	sub     Subscription
	deleted bool
}

func (f *fakeSubs) Live(context.Context, uuid.UUID) (Subscription, bool, error) {
	return f.sub, !f.deleted, nil
}

func (f *fakeSubs) Delete(context.Context, uuid.UUID) error { f.deleted = true; return nil }

type fakeDeliveries struct {
	claim    Claim
	sent     bool
	released bool
}

func (f *fakeDeliveries) Claim(context.Context, int64, domain.UserID, int, time.Time) (Claim, error) {
	return f.claim, nil
}
func (f *fakeDeliveries) Sent(context.Context, int64) error    { f.sent = true; return nil }
func (f *fakeDeliveries) Release(context.Context, int64) error { f.released = true; return nil }

type fakeSender struct {
	result ports.PushResult
	err    error
	calls  int
	msg    ports.PushMessage
}

func (f *fakeSender) Send(_ context.Context, _ ports.PushIdentity, _ ports.PushDevice, msg ports.PushMessage) (ports.PushResult, error) {
	f.calls++
	f.msg = msg
	return f.result, f.err
}

type noNotifications struct{}

func (noNotifications) Handle(context.Context, domain.UserID, domain.NotificationID) (notifications.Listed, bool, error) {
	return notifications.Listed{}, false, nil
}

func deliverRig(t *testing.T, status int, sendErr error) (*Deliver, *fakeSubs, *fakeDeliveries, *fakeSender, Job) {
	t.Helper()
	key, _ := ecdh.P256().GenerateKey(rand.Reader)
	clock := portstest.NewMovingClock(time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC))
	subs := &fakeSubs{sub: Subscription{ID: uuid.New(), Alerts: []Alert{AlertMessage}}}
	d := &fakeDeliveries{claim: ClaimSend}
	s := &fakeSender{result: ports.PushResult{Status: status, RetryAfter: 30 * time.Second}, err: sendErr}
	uc := &Deliver{Store: subs, Deliveries: d, Notifications: noNotifications{}, Sender: s,
		Keys: &Keys{Configured: key}, Clock: clock, AvatarURL: func(context.Context, *string) *string { return nil },
		TTL: 24 * time.Hour, PerMinute: 10, Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	job := Job{Subscription: subs.sub.ID, Alert: AlertMessage, Topic: "message-x", At: clock.Now().Add(-time.Hour),
		Content: &Content{Title: "Nova mensagem de Ana", URL: "/messages/x"}}
	return uc, subs, d, s, job
}

// What each answer of a push service does to the job and the device.
func TestDeliverActsOnThePushServicesAnswer(t *testing.T) {
	uc, subs, d, s, job := deliverRig(t, 201, nil)
	if err := uc.Handle(context.Background(), 1, job); err != nil || !d.sent || subs.deleted {
		t.Fatalf("201: err %v, sent %v, deleted %v", err, d.sent, subs.deleted)
	}
	if s.msg.TTL != 23*time.Hour || s.msg.Urgency != ports.UrgencyHigh || s.msg.Topic != "message-x" {
		t.Errorf("message = %+v", s.msg)
	}

	for _, status := range []int{404, 410} {
		uc, subs, d, _, job := deliverRig(t, status, nil)
		if err := uc.Handle(context.Background(), 1, job); err != nil || !subs.deleted || d.sent || !d.released {
			t.Errorf("%d: err %v, deleted %v, sent %v, released %v", status, err, subs.deleted, d.sent, d.released)
		}
	}

	uc, _, d, _, job = deliverRig(t, 429, nil)
	var retry *RetryError
	if err := uc.Handle(context.Background(), 1, job); !errors.As(err, &retry) || retry.Wait != 30*time.Second || !d.released {
		t.Errorf("429: err %v, released %v", err, d.released)
	}
	uc, _, d, _, job = deliverRig(t, 0, errors.New("connection refused"))
	if err := uc.Handle(context.Background(), 1, job); !errors.As(err, &retry) || !d.released {
		t.Errorf("transport failure: err %v", err)
	}
	uc, subs, _, _, job = deliverRig(t, 413, nil)
	if err := uc.Handle(context.Background(), 1, job); !errors.Is(err, ErrFinal) || subs.deleted {
		t.Errorf("413: err %v", err)
	}
}

// A push that should no longer go is not sent: already sent by this job,
// over the member's cap, past its TTL, its alert switched off.
func TestDeliverSendsNothingItShouldNot(t *testing.T) {
	cases := map[string]func(*Deliver, *fakeSubs, *fakeDeliveries, *Job){
		"already sent": func(_ *Deliver, _ *fakeSubs, d *fakeDeliveries, _ *Job) { d.claim = ClaimSent },
		"capped":       func(_ *Deliver, _ *fakeSubs, d *fakeDeliveries, _ *Job) { d.claim = ClaimCapped },
		"expired":      func(uc *Deliver, _ *fakeSubs, _ *fakeDeliveries, j *Job) { j.At = j.At.Add(-24 * time.Hour) },
		"alert off":    func(_ *Deliver, s *fakeSubs, _ *fakeDeliveries, _ *Job) { s.sub.Alerts = nil },
		"device gone":  func(_ *Deliver, s *fakeSubs, _ *fakeDeliveries, _ *Job) { s.deleted = true },
		"notification hidden": func(_ *Deliver, _ *fakeSubs, _ *fakeDeliveries, j *Job) {
			id := domain.NewNotificationID()
			j.Notification, j.Content = &id, nil
		},
	}
	for name, change := range cases {
		uc, subs, d, s, job := deliverRig(t, 201, nil)
		change(uc, subs, d, &job)
		if err := uc.Handle(context.Background(), 1, job); err != nil || s.calls != 0 {
			t.Errorf("%s: err %v, %d sends", name, err, s.calls)
		}
	}
}
