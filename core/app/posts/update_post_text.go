package posts

import (
	"context"
	"errors"
	"fmt"
	"time"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
)

// PostTextWriter locks a post and changes its text.
type PostTextWriter interface {
	Lock(ctx context.Context, id domain.PostID) (domain.Post, error)
	SetText(ctx context.Context, id domain.PostID, text string, now time.Time) error
}

// UpdatePostText changes a post's text_content, for its author only
// (the spec: "Updating a post changes only text_content and only for the
// author"). Hashtags and the link preview stay those of the first text.
type UpdatePostText struct {
	Tx    ports.Transactor
	Posts PostTextWriter
	Items ItemReader
	Clock ports.Clock
}

// Handle validates and stores the new text, then reads the post back.
func (uc *UpdatePostText) Handle(ctx context.Context, viewer domain.Viewer, id domain.PostID, text string) (domain.FeedItem, error) {
	if !viewer.SignedIn() {
		return domain.FeedItem{}, errs.Unauthenticated(CodeUnauthenticated, MsgNoUser)
	}
	if err := textError(text); err != nil {
		return domain.FeedItem{}, err
	}
	err := uc.Tx.InTx(ctx, func(ctx context.Context) error {
		p, err := uc.Posts.Lock(ctx, id)
		if err != nil {
			return err
		}
		if !p.VisibleTo(viewer) {
			return domain.ErrNotFound
		}
		if p.AuthorID != viewer.UserID {
			return errs.Forbidden(CodeNotAuthor, MsgNotAuthorEdit)
		}
		return uc.Posts.SetText(ctx, id, text, uc.Clock.Now())
	})
	if errors.Is(err, domain.ErrNotFound) {
		return domain.FeedItem{}, errs.NotFound(CodeNotFound, MsgNotFound)
	}
	if _, ok := errs.As(err); ok {
		return domain.FeedItem{}, err
	}
	if err != nil {
		return domain.FeedItem{}, fmt.Errorf("update post %s: %w", id, err)
	}
	return visibleItem(ctx, uc.Items, viewer, id)
}
