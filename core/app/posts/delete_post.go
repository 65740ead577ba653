package posts

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
)

// PostDeleter locks a post and deletes it with its likes and hashtag links
// (decrementing the hashtags' usage) and the author's post_count.
type PostDeleter interface {
	Lock(ctx context.Context, id domain.PostID) (domain.Post, error)
	Delete(ctx context.Context, p domain.Post) error
}

// MediaQueue enqueues the deletion of a post's stored file in the
// transaction of ctx, so the file goes only once the post is gone for good.
type MediaQueue interface {
	EnqueueMediaDeletion(ctx context.Context, key string) error
}

// DeletePost deletes a post, for its author only, and then its file.
type DeletePost struct {
	Tx          ports.Transactor
	Search      ports.SearchIndexQueue
	Posts       PostDeleter
	Media       MediaQueue
	Broadcaster ports.Broadcaster
	Log         *slog.Logger
}

// Handle checks the spec's three rules and deletes in one transaction
// (enqueueing the file's deletion), then tells post:{id} and, for a public
// post, feed:public.
func (uc *DeletePost) Handle(ctx context.Context, viewer domain.Viewer, id domain.PostID) error {
	if !viewer.SignedIn() {
		return errs.Unauthenticated(CodeUnauthenticated, MsgNoUserDelete)
	}
	var p domain.Post
	err := uc.Tx.InTx(ctx, func(ctx context.Context) error {
		var err error
		p, err = uc.Posts.Lock(ctx, id)
		if err != nil {
			return err
		}
		if !p.VisibleTo(viewer) {
			return domain.ErrNotFound
		}
		if p.AuthorID != viewer.UserID {
			return errs.Forbidden(CodeNotAuthor, MsgNotAuthor)
		}
		if err := uc.Posts.Delete(ctx, p); err != nil {
			return err
		}
		if err := uc.Search.EnqueueIndex(ctx, ports.SearchPost, p.ID.String()); err != nil {
			return err
		}
		if p.MediaPath != nil {
			return uc.Media.EnqueueMediaDeletion(ctx, *p.MediaPath)
		}
		return nil
	})
	if errors.Is(err, domain.ErrNotFound) {
		return errs.NotFound(CodeNotFound, MsgNotFound)
	}
	if _, ok := errs.As(err); ok {
		return err
	}
	if err != nil {
		return fmt.Errorf("delete post %s: %w", id, err)
	}
	ev := ports.Event{Type: EventPostDeleted, Data: map[string]string{"id": id.String()}}
	topics := []string{PostTopic(id)}
	if p.Visibility == domain.VisibilityPublic {
		topics = append(topics, TopicPublicFeed)
	}
	for _, topic := range topics {
		if err := uc.Broadcaster.Publish(ctx, topic, ev); err != nil {
			uc.Log.WarnContext(ctx, "publish post.deleted", "post", id.String(), "topic", topic, "err", err)
		}
	}
	return nil
}
