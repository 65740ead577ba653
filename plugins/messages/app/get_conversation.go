package app

import (
	"context"

	"github.com/google/uuid"

	"social/core/domain"
)

// GetConversation reads one of the viewer's conversations.
type GetConversation struct{ *Messages }

// Handle answers the conversation, or notFound when the viewer is not in it.
func (uc *GetConversation) Handle(ctx context.Context, viewer domain.Viewer, id uuid.UUID) (Conversation, error) {
	if !viewer.SignedIn() {
		return Conversation{}, unauthenticated()
	}
	return uc.member(ctx, viewer.UserID, id)
}
