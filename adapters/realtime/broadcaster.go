package realtime

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"social/core/ports"
)

// Broadcaster implements ports.Broadcaster on a Bus. The event is encoded
// once, as the message sockets receive, whatever the number of subscribers.
type Broadcaster struct {
	bus Bus
	// committed, when set, holds an event told inside a unit of work until
	// that unit commits, and drops it when it rolls back: a use case that
	// runs inside another's transaction (the federation inbox applies an
	// activity through the members' own use cases, in one transaction)
	// publishes after its own part, which is before anything is readable.
	committed ports.AfterCommit
	log       *slog.Logger
}

var _ ports.Broadcaster = (*Broadcaster)(nil)

// NewBroadcaster publishes through bus, at once.
func NewBroadcaster(bus Bus) *Broadcaster { return &Broadcaster{bus: bus} }

// NewCommittedBroadcaster publishes through bus an event told inside a
// unit of work once it commits (never if it rolls back), logging a
// failure to log then; outside one, at once.
func NewCommittedBroadcaster(bus Bus, committed ports.AfterCommit, log *slog.Logger) *Broadcaster {
	return &Broadcaster{bus: bus, committed: committed, log: log}
}

// PublishedAtLayout is the layout of an event's published_at.
const PublishedAtLayout = "2006-01-02T15:04:05.000000Z07:00"

// Publish sends event to the subscribers of topic: at once, or once the
// unit of work ctx carries commits. The error of a publication held until
// then is logged, not answered (the caller has moved on).
func (b *Broadcaster) Publish(ctx context.Context, topic string, event ports.Event) error {
	if !validTopic(topic) {
		return fmt.Errorf("publish to realtime topic %q: invalid topic", topic)
	}
	if event.Type == "" {
		return errors.New("publish to realtime topic " + topic + ": event without a type")
	}
	if b.committed == nil {
		return b.send(ctx, topic, event)
	}
	// AfterCommit runs fn at once outside a unit of work: then its error
	// is answered as without one.
	var err error
	held := false
	b.committed.AfterCommit(ctx, func(ctx context.Context) {
		sendErr := b.send(ctx, topic, event)
		if !held {
			err = sendErr
		} else if sendErr != nil {
			b.log.WarnContext(ctx, "publish realtime event after commit", "topic", topic, "err", sendErr)
		}
	})
	held = true
	return err
}

// send encodes event, stamped now, and hands it to the bus.
func (b *Broadcaster) send(ctx context.Context, topic string, event ports.Event) error {
	msg, err := json.Marshal(serverMessage{Type: msgEvent, Topic: topic, Event: &eventBody{Type: event.Type, Data: event.Data},
		PublishedAt: time.Now().UTC().Format(PublishedAtLayout)})
	if err != nil {
		return fmt.Errorf("encode realtime event %s for %s: %w", event.Type, topic, err)
	}
	if err := b.bus.Publish(ctx, topic, withAbout(event.About, msg)); err != nil {
		return fmt.Errorf("publish realtime event %s to %s: %w", event.Type, topic, err)
	}
	return nil
}
