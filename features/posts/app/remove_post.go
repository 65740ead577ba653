package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
)

// Removal is what every way of deleting a post shares, whoever asks (the
// author, or a moderator): the row with its likes, hashtag links and the
// author's count, the search document and the stored file inside the
// transaction (its link preview's copied image too); the realtime news
// after it.
type Removal struct {
	Search      ports.SearchIndexQueue
	Posts       PostDeleter
	Media       MediaQueue
	Broadcaster ports.Broadcaster
	// Access, when set, ends the post's live subscriptions once the
	// removal was announced to them.
	Access ports.AccessChanges
	// Changes hear of the deletion in its transaction.
	Changes ports.Changes
	Log     *slog.Logger
}

// Lock locks the post's row for the removal (domain.ErrNotFound if gone).
func (r Removal) Lock(ctx context.Context, id domain.PostID) (domain.Post, error) {
	return r.Posts.Lock(ctx, id)
}

// InTx deletes p, locked by Lock in the transaction of ctx, and enqueues
// its search removal and its file's deletion in the same transaction.
func (r Removal) InTx(ctx context.Context, p domain.Post) error {
	if err := r.Posts.Delete(ctx, p); err != nil {
		return err
	}
	if err := r.Changes.Tell(ctx, ports.Change{Kind: ports.ChangePostDeleted, Actor: p.AuthorID, Post: p.ID,
		Visibility: p.Visibility}); err != nil {
		return err
	}
	if err := r.Search.EnqueueIndex(ctx, ports.SearchPost, p.ID.String()); err != nil {
		return err
	}
	for _, key := range []*string{p.MediaPath, p.LinkPreview.ImagePath} {
		if key == nil {
			continue
		}
		if err := r.Media.EnqueueMediaDeletion(ctx, *key); err != nil {
			return err
		}
	}
	return nil
}

// Finish ends a removal of p whose transaction answered err: a post gone
// meanwhile is notFound, a refusal stays itself, another error says what
// was being done; a removal that committed is announced.
func (r Removal) Finish(ctx context.Context, p domain.Post, err, notFound error, doing string) error {
	if errors.Is(err, domain.ErrNotFound) {
		return notFound
	}
	if _, ok := errs.As(err); ok {
		return err
	}
	if err != nil {
		return fmt.Errorf("%s: %w", doing, err)
	}
	r.Announce(ctx, p)
	return nil
}

// Announce tells post:{id} and, for a public post, feed:public, once the
// removal committed; then post:{id}'s subscriptions end.
func (r Removal) Announce(ctx context.Context, p domain.Post) {
	ev := ports.Event{Type: EventPostDeleted, Data: map[string]string{"id": p.ID.String()}}
	topics := []string{PostTopic(p.ID)}
	if p.Visibility == domain.VisibilityPublic {
		topics = append(topics, TopicPublicFeed)
	}
	for _, topic := range topics {
		if err := r.Broadcaster.Publish(ctx, topic, ev); err != nil {
			r.Log.WarnContext(ctx, "publish post.deleted", "post", p.ID.String(), "topic", topic, "err", err)
		}
	}
	if r.Access != nil {
		r.Access.TopicAccessChanged(ctx, PostTopic(p.ID))
	}
}
