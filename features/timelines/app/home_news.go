package app

import (
	"context"
	"log/slog"

	"social/core/domain"
	"social/core/ports"
)

// Placed is the timelines a post was just written into, and its author.
type Placed struct {
	Author  domain.UserID
	Members []domain.UserID
}

// EventHomePost is published on a member's home topic when a post joins
// their timeline.
const EventHomePost = "post.created"

// HomeTopic is the realtime topic of what joins member's timeline: every
// post of theirs and of whom they follow, followers-only ones included,
// which no public topic carries. Only member may follow it.
func HomeTopic(member domain.UserID) string { return "home:" + member.String() }

// HomeNews tells each member whose timeline a post joined, once the rows
// are committed (clients showing the timeline live: Mastodon's streaming
// API). A nil HomeNews tells nobody.
type HomeNews struct {
	Broadcaster ports.Broadcaster
	After       ports.AfterCommit
	Log         *slog.Logger
}

// Tell publishes post on the home topic of each member of placed, after
// the transaction ctx carries commits (at once outside one). The author is
// the event's About: a member who mutes them does not hear it.
func (n *HomeNews) Tell(ctx context.Context, post domain.PostID, placed Placed) {
	if n == nil || len(placed.Members) == 0 {
		return
	}
	n.After.AfterCommit(ctx, func(ctx context.Context) {
		ev := ports.Event{Type: EventHomePost, Data: map[string]string{"id": post.String(), "author_id": placed.Author.String()},
			About: []domain.UserID{placed.Author}}
		for _, m := range placed.Members {
			if err := n.Broadcaster.Publish(ctx, HomeTopic(m), ev); err != nil {
				n.Log.WarnContext(ctx, "publish home post", "post", post.String(), "err", err)
				return
			}
		}
	})
}
