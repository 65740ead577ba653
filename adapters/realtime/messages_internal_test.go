package realtime

import (
	"context"
	"testing"
	"time"

	"social/core/ports"
)

func TestPublishedAtIsReadBackFromAnEventsEncoding(t *testing.T) {
	bus := NewMemoryBus()
	var got []byte
	defer bus.Subscribe(func(_ string, msg []byte) { got = msg })()
	before := time.Now().Truncate(time.Microsecond)
	// Data that itself ends like the stamp must not be taken for it.
	data := map[string]string{"text": `"published_at":"2001-01-01T00:00:00.000000Z"}`}
	if err := NewBroadcaster(bus).Publish(context.Background(), TopicPublicFeed, ports.Event{Type: "post.created", Data: data}); err != nil {
		t.Fatal(err)
	}
	at, ok := publishedAt(got)
	if !ok || at.Before(before) || at.After(time.Now()) {
		t.Fatalf("publishedAt(%s) = %v, %v; published after %v", got, at, ok, before)
	}
	for _, other := range [][]byte{encode(serverMessage{Type: msgPong}), encode(serverMessage{Type: msgSubscribed, Topic: TopicPublicFeed}), nil, []byte(`"}`)} {
		if _, ok := publishedAt(other); ok {
			t.Errorf("publishedAt(%q) found a time", other)
		}
	}
}
