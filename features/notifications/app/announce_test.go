package app

import (
	"context"
	"errors"
	"testing"

	"social/core/domain"
	"social/core/ports/portstest"
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
	sent := &portstest.Broadcasts{}
	(&Announcer{Counts: store, Broadcaster: sent, Log: quietLog()}).Announce(ctx, changes...)
	if len(sent.Events) != 2 || sent.Topics[0] != Topic(ana) || sent.Topics[1] != Topic(bia) ||
		sent.Events[1].Type != EventRemoved || sent.Events[1].Data.(map[string]any)["id"] != changes[1].ID.String() {
		t.Fatalf("announced %v %+v", sent.Topics, sent.Events)
	}

	(&Announcer{Counts: store, Broadcaster: &portstest.Broadcasts{Failing: true}, Log: quietLog()}).Announce(ctx, changes...)
	store.failing = errors.New("database down")
	uncounted := &portstest.Broadcasts{}
	(&Announcer{Counts: store, Broadcaster: uncounted, Log: quietLog()}).Announce(ctx, changes...)
	if len(uncounted.Events) != 0 {
		t.Fatalf("announced without a count: %+v", uncounted.Events)
	}
}
