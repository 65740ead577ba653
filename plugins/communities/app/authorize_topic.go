package app

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/google/uuid"

	"social/core/domain"
)

// AuthorizeTopic decides who may follow community:{id}: its approved
// members and its owner, as for reading its posts over HTTP.
type AuthorizeTopic struct {
	Store CommunityStore
}

// Handle is nil when the viewer in ctx may subscribe to topic.
func (uc *AuthorizeTopic) Handle(ctx context.Context, topic string) error {
	id, err := uuid.Parse(strings.TrimPrefix(topic, TopicPrefix))
	if err != nil || !strings.HasPrefix(topic, TopicPrefix) {
		return notFound()
	}
	viewer := domain.ViewerFrom(ctx)
	if !viewer.SignedIn() {
		return membersOnly()
	}
	c, err := uc.Store.Get(ctx, id, viewer.UserID)
	if errors.Is(err, domain.ErrNotFound) {
		return notFound()
	}
	if err != nil {
		return fmt.Errorf("authorize %s: %w", topic, err)
	}
	if !c.Membership.Approved() {
		return membersOnly()
	}
	return nil
}
