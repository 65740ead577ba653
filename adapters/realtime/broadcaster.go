package realtime

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"social/core/domain"
	"social/core/ports"
)

// Broadcaster implements ports.Broadcaster on a Bus. The event is encoded
// once, as the message sockets receive, whatever the number of subscribers.
type Broadcaster struct {
	bus Bus
}

var (
	_ ports.Broadcaster = (*Broadcaster)(nil)
	_ ports.SessionEnds = (*Broadcaster)(nil)
)

// NewBroadcaster publishes through bus.
func NewBroadcaster(bus Bus) *Broadcaster { return &Broadcaster{bus: bus} }

// Publish sends event to the subscribers of topic.
func (b *Broadcaster) Publish(ctx context.Context, topic string, event ports.Event) error {
	if !validTopic(topic) {
		return fmt.Errorf("publish to realtime topic %q: invalid topic", topic)
	}
	if event.Type == "" {
		return errors.New("publish to realtime topic " + topic + ": event without a type")
	}
	msg, err := json.Marshal(serverMessage{Type: msgEvent, Topic: topic, Event: &eventBody{Type: event.Type, Data: event.Data}})
	if err != nil {
		return fmt.Errorf("encode realtime event %s for %s: %w", event.Type, topic, err)
	}
	if err := b.bus.Publish(ctx, topic, msg); err != nil {
		return fmt.Errorf("publish realtime event %s to %s: %w", event.Type, topic, err)
	}
	return nil
}

// sessionsEndedPrefix names the bus topic of a member's session ends. No
// router topic starts with it, so no client can subscribe to it; the
// gateway of every node reads it off the bus itself.
const sessionsEndedPrefix = "sessions-ended:"

// SessionsEnded asks every node to recheck the sessions of user's sockets
// now. A failed publish is dropped: the periodic recheck closes those
// sockets anyway, a little later.
func (b *Broadcaster) SessionsEnded(ctx context.Context, user domain.UserID) {
	_ = b.bus.Publish(ctx, sessionsEndedPrefix+user.String(), []byte("{}"))
}
