package realtime

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"social/core/ports"
)

// Broadcaster implements ports.Broadcaster on a Bus. The event is encoded
// once, as the message sockets receive, whatever the number of subscribers.
type Broadcaster struct {
	bus Bus
}

var _ ports.Broadcaster = (*Broadcaster)(nil)

// NewBroadcaster publishes through bus.
func NewBroadcaster(bus Bus) *Broadcaster { return &Broadcaster{bus: bus} }

// PublishedAtLayout is the layout of an event's published_at.
const PublishedAtLayout = "2006-01-02T15:04:05.000000Z07:00"

// Publish sends event to the subscribers of topic.
func (b *Broadcaster) Publish(ctx context.Context, topic string, event ports.Event) error {
	if !validTopic(topic) {
		return fmt.Errorf("publish to realtime topic %q: invalid topic", topic)
	}
	if event.Type == "" {
		return errors.New("publish to realtime topic " + topic + ": event without a type")
	}
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
