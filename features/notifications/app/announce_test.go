package app

import (
	"context"
	"errors"
	"testing"

	"social/core/domain"
)

// Each change goes to its recipient's topic with their count; a broker or
// a count that fails loses the announcement and nothing else.
func TestAnnounce(t *testing.T) {
	ctx := context.Background()
	store := newMem()
	ana, bia := domain.NewUserID(), domain.NewUserID()
	changes := []Change{
		{Recipient: ana, ID: domain.NewNotificationID(), Event: EventCreated},
		{Recipient: bia, ID: domain.NewNotificationID(), Event: EventRemoved},
	}
	sent := &published{}
	(&Announcer{Counts: store, Broadcaster: sent, Log: quietLog()}).Announce(ctx, changes...)
	if len(sent.events) != 2 || sent.topics[0] != Topic(ana) || sent.topics[1] != Topic(bia) ||
		sent.events[1].Type != EventRemoved || sent.events[1].Data.(map[string]any)["id"] != changes[1].ID.String() {
		t.Fatalf("announced %v %+v", sent.topics, sent.events)
	}

	(&Announcer{Counts: store, Broadcaster: &published{failing: true}, Log: quietLog()}).Announce(ctx, changes...)
	store.failing = errors.New("database down")
	uncounted := &published{}
	(&Announcer{Counts: store, Broadcaster: uncounted, Log: quietLog()}).Announce(ctx, changes...)
	if len(uncounted.events) != 0 {
		t.Fatalf("announced without a count: %+v", uncounted.events)
	}
}
