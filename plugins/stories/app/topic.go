package app

import (
	"context"

	"social/core/domain"
)

// TopicPrefix begins every member's stories topic: stories:{member id},
// which only that member may follow.
const TopicPrefix = "stories:"

// Topic is member's stories topic: new stories of the people they follow,
// and the views of their own stories.
func Topic(member domain.UserID) string { return TopicPrefix + member.String() }

// Events on stories:{member id}.
const (
	// EventCreated: someone the member follows (or the member) posted.
	EventCreated = "story.created"
	// EventViewed: one of the member's stories got a new viewer.
	EventViewed = "story.viewed"
	// EventDeleted: a story the member could see was deleted by its author.
	EventDeleted = "story.deleted"
)

// CreatedEvent is the data of story.created and story.deleted.
type CreatedEvent struct {
	ID       string `json:"id"`
	AuthorID string `json:"author_id"`
}

// ViewedEvent is the data of story.viewed.
type ViewedEvent struct {
	ID        string `json:"id"`
	ViewCount int    `json:"view_count"`
}

// tellFollowers sends typ to the author's topic and each follower's.
// Stories are small and the gateway is in-process, so one event per
// follower is cheap; a very large audience would want a per-author topic.
func (s *Stories) tellFollowers(ctx context.Context, author domain.UserID, typ string, data any) {
	s.publish(ctx, author, typ, data)
	followers, err := s.Store.Followers(context.WithoutCancel(ctx), author)
	if err != nil {
		s.Log.Warn("stories: followers", "author", author.String(), "err", err)
		return
	}
	for _, f := range followers {
		s.publish(ctx, f, typ, data)
	}
}
