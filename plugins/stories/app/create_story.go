package app

import (
	"context"
	"errors"
	"strings"
	"unicode/utf8"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/errs"
)

// CreateStory publishes a text story that lives 24 hours. The author and
// their followers hear story.created.
type CreateStory struct{ *Stories }

// Handle checks and stores the text (trimmed, 1..280 characters).
func (uc *CreateStory) Handle(ctx context.Context, viewer domain.Viewer, text string) (Story, error) {
	if !viewer.SignedIn() {
		return Story{}, unauthenticated()
	}
	text = strings.TrimSpace(text)
	if text == "" {
		return Story{}, errs.Invalid(CodeTextRequired, MsgTextRequired, map[string]string{"text": MsgTextRequired})
	}
	if utf8.RuneCountInString(text) > MaxText {
		return Story{}, errs.Invalid(CodeTextTooLong, MsgTextTooLong, map[string]string{"text": MsgTextTooLong})
	}
	now := uc.Clock.Now()
	row := StoryRow{ID: uuid.Must(uuid.NewV7()), AuthorID: viewer.UserID, Text: text, CreatedAt: now,
		ExpiresAt: now.Add(Lifetime)}
	if err := uc.Store.InsertStory(ctx, row); err != nil {
		if errors.Is(err, ErrNoProfile) {
			return Story{}, errs.Forbidden(CodeNoProfile, MsgNoProfile)
		}
		return Story{}, errf("insert story: %w", err)
	}
	stored, err := uc.Store.Story(ctx, row.ID, viewer.UserID, now)
	if err != nil {
		return Story{}, errf("read story %s: %w", row.ID, err)
	}
	uc.tellFollowers(ctx, viewer.UserID, EventCreated, CreatedEvent{ID: row.ID.String(), AuthorID: viewer.UserID.String()})
	return stored.For(viewer.UserID), nil
}
