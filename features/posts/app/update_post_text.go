package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
)

// PostTextWriter locks a post, changes its text and keeps what derives from
// the text (hashtags, link preview) in step with it.
type PostTextWriter interface {
	Lock(ctx context.Context, id domain.PostID) (domain.Post, error)
	SetText(ctx context.Context, id domain.PostID, text string, now time.Time) error
	// SetImageAlt replaces the description of the post's image (nil: none).
	SetImageAlt(ctx context.Context, id domain.PostID, alt *string) error
	// SetHashtags makes the post's hashtag links exactly tags: -1 usage for
	// each tag dropped (never below 0), +1 for each tag added.
	SetHashtags(ctx context.Context, id domain.PostID, tags []string) error
	SetLinkPreview(ctx context.Context, id domain.PostID, lp domain.PostLinkPreview) error
}

// UpdatePostText changes a post's text_content, for its author only
// (an update changes only text_content, and only its author may make it). Hashtags follow the new text and the old link preview is
// dropped, refilled by the preview job when the new text has a URL.
type UpdatePostText struct {
	Tx       ports.Transactor
	Search   ports.SearchIndexQueue
	Posts    PostTextWriter
	Items    ItemReader
	Previews PreviewQueue
	// Media deletes the old preview's image copy.
	Media MediaQueue
	// Changes hear of the edit in its transaction.
	Changes     ports.Changes
	Clock       ports.Clock
	Broadcaster ports.Broadcaster
	Log         *slog.Logger
}

// Handle validates and stores the new text in one transaction, tells
// post:{id} (and feed:public for a public post), then reads the post back. imageAlt, when not nil, replaces
// the description of the post's image (blank removes it); an image is the
// one part of a post that stays as it was, so its description is edited
// with the text.
func (uc *UpdatePostText) Handle(ctx context.Context, viewer domain.Viewer, id domain.PostID, text string, imageAlt *string) (domain.FeedItem, error) {
	if !viewer.SignedIn() {
		return domain.FeedItem{}, errs.Unauthenticated(CodeUnauthenticated, MsgNoUser)
	}
	if err := TextError(text); err != nil {
		return domain.FeedItem{}, err
	}
	var alt *string
	if imageAlt != nil {
		var err error
		if alt, err = ImageAlt(*imageAlt); err != nil {
			return domain.FeedItem{}, err
		}
	}
	var public bool
	err := uc.Tx.InTx(ctx, func(ctx context.Context) error {
		p, err := uc.Posts.Lock(ctx, id)
		if err != nil {
			return err
		}
		public = p.Visibility == domain.VisibilityPublic
		if !p.VisibleTo(viewer) {
			return domain.ErrNotFound
		}
		if p.AuthorID != viewer.UserID {
			return errs.Forbidden(CodeNotAuthor, MsgNotAuthorEdit)
		}
		if err := uc.Posts.SetText(ctx, id, text, uc.Clock.Now()); err != nil {
			return err
		}
		if imageAlt != nil {
			if alt != nil && p.Type != domain.PostImage {
				return imageAltWithoutImage()
			}
			if err := uc.Posts.SetImageAlt(ctx, id, alt); err != nil {
				return err
			}
		}
		if err := uc.Posts.SetHashtags(ctx, id, domain.Hashtags(text)); err != nil {
			return err
		}
		if err := uc.Changes.Tell(ctx, ports.Change{Kind: ports.ChangePostEdited, Actor: p.AuthorID, Post: id,
			Visibility: p.Visibility}); err != nil {
			return err
		}
		if err := uc.Search.EnqueueIndex(ctx, ports.SearchPost, id.String()); err != nil {
			return err
		}
		// The preview described the old text's link; its image copy goes too.
		if err := uc.Posts.SetLinkPreview(ctx, id, domain.PostLinkPreview{}); err != nil {
			return err
		}
		if old := p.LinkPreview.ImagePath; old != nil {
			if err := uc.Media.EnqueueMediaDeletion(ctx, *old); err != nil {
				return err
			}
		}
		if domain.FirstURL(text) != "" {
			return uc.Previews.EnqueueLinkPreview(ctx, id)
		}
		return nil
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
	// A public post's edit is told to feed:public too, as its creation
	// and deletion are: streams of the public feed (Mastodon's) show it.
	topics := []string{PostTopic(id)}
	if public {
		topics = append(topics, TopicPublicFeed)
	}
	for _, topic := range topics {
		if err := uc.Broadcaster.Publish(ctx, topic, ports.Event{Type: EventPostUpdated,
			Data: map[string]string{"id": id.String()}}); err != nil {
			uc.Log.WarnContext(ctx, "publish post.updated", "post", id.String(), "topic", topic, "err", err)
		}
	}
	return visibleItem(ctx, uc.Items, viewer, id)
}
