package app

import (
	"context"
	"log/slog"

	"social/core/domain"
	"social/core/ports"
)

// UnreadCounter counts a member's unread notifications.
type UnreadCounter interface {
	Unread(ctx context.Context, recipient domain.UserID) (int, error)
}

// Announcer tells recipients' open tabs about committed changes.
type Announcer struct {
	Counts      UnreadCounter
	Broadcaster ports.Broadcaster
	Log         *slog.Logger
}

// Announce publishes each change on its recipient's topic with their new
// unread count. Delivery is best effort: a failure is logged, and the
// client resyncs over HTTP when it reconnects.
func (a *Announcer) Announce(ctx context.Context, changes ...Change) {
	for _, c := range changes {
		a.publish(ctx, c.Recipient, c.Event, c.ID.String())
	}
}

func (a *Announcer) publish(ctx context.Context, recipient domain.UserID, event, id string) {
	n, err := a.Counts.Unread(ctx, recipient)
	if err != nil {
		a.Log.WarnContext(ctx, "count unread notifications", "recipient", recipient.String(), "err", err)
		return
	}
	data := map[string]any{"unread_count": n}
	if id != "" {
		data["id"] = id
	}
	if err := a.Broadcaster.Publish(ctx, Topic(recipient), ports.Event{Type: event, Data: data}); err != nil {
		a.Log.WarnContext(ctx, "publish "+event, "recipient", recipient.String(), "err", err)
	}
}
