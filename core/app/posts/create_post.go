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

// NewPost is the create form; empty Type means text, empty Visibility public.
type NewPost struct {
	Text       string
	Type       domain.PostType
	Visibility domain.Visibility
}

// Created is a new post with the words its text names.
type Created struct {
	Post     domain.Post
	Hashtags []string
	Mentions []string
}

// PostCreator stores a new post: it bumps the author's post_count
// (domain.ErrNotFound when they have no profile), inserts the row and
// upserts its hashtags (+1 usage each) with their links.
type PostCreator interface {
	Create(ctx context.Context, p domain.Post, tags []string) error
}

// PreviewQueue enqueues the link-preview job of a post in the transaction
// of ctx.
type PreviewQueue interface {
	EnqueueLinkPreview(ctx context.Context, id domain.PostID) error
}

// CreatePost publishes a text post.
type CreatePost struct {
	Tx          ports.Transactor
	Posts       PostCreator
	Previews    PreviewQueue
	Clock       ports.Clock
	Broadcaster ports.Broadcaster
	Log         *slog.Logger
}

// Handle validates, stores the post, its hashtags, the author's count and
// the preview job in one transaction, then tells feed:public.
func (uc *CreatePost) Handle(ctx context.Context, viewer domain.Viewer, in NewPost) (Created, error) {
	if !viewer.SignedIn() {
		return Created{}, errs.Unauthenticated(CodeUnauthenticated, MsgNoUser)
	}
	if in.Type == "" {
		in.Type = domain.PostText
	}
	if in.Visibility == "" {
		in.Visibility = domain.VisibilityPublic
	}
	switch in.Visibility {
	case domain.VisibilityPublic, domain.VisibilityFriendsOnly:
	default:
		return Created{}, errs.Invalid(CodeInvalid, MsgFixErrors, map[string]string{"visibility": MsgBadVisibility})
	}
	switch in.Type {
	case domain.PostText:
	case domain.PostImage, domain.PostVideo:
	default:
		return Created{}, errs.Invalid(CodeInvalid, MsgFixErrors, map[string]string{"type": MsgBadType})
	}
	if in.Type != domain.PostText {
		// Media upload for posts comes later: a media post has no file.
		return Created{}, errs.Invalid(CodeEmpty, MsgEmpty, map[string]string{"text_content": MsgEmpty})
	}
	if err := textError(in.Text); err != nil {
		return Created{}, err
	}
	now := uc.Clock.Now()
	text := in.Text
	p := domain.Post{ID: domain.NewPostID(), AuthorID: viewer.UserID, TextContent: &text, Type: in.Type,
		Visibility: in.Visibility, CreatedAt: now, UpdatedAt: now}
	out := Created{Post: p, Hashtags: domain.Hashtags(text), Mentions: domain.Mentions(text)}
	err := uc.Tx.InTx(ctx, func(ctx context.Context) error {
		if err := uc.Posts.Create(ctx, p, out.Hashtags); err != nil {
			return err
		}
		if domain.FirstURL(text) != "" {
			return uc.Previews.EnqueueLinkPreview(ctx, p.ID)
		}
		return nil
	})
	if errors.Is(err, domain.ErrNotFound) {
		return Created{}, errs.Forbidden(CodeNoProfile, MsgNoProfile)
	}
	if err != nil {
		return Created{}, fmt.Errorf("create post of %s: %w", viewer.UserID, err)
	}
	if p.Visibility == domain.VisibilityPublic {
		if err := uc.Broadcaster.Publish(ctx, TopicPublicFeed, ports.Event{Type: EventPostCreated,
			Data: map[string]string{"id": p.ID.String(), "author_id": p.AuthorID.String()}}); err != nil {
			uc.Log.WarnContext(ctx, "publish post.created", "post", p.ID.String(), "err", err)
		}
	}
	return out, nil
}

// textError is the invalid-input error of a post text, or nil.
func textError(text string) error {
	switch domain.PostTextProblem(text) {
	case domain.MsgPostEmpty:
		return errs.Invalid(CodeEmpty, MsgEmpty, map[string]string{"text_content": MsgEmpty})
	case domain.MsgPostTooLong:
		return errs.Invalid(CodeTooLong, MsgTooLong, map[string]string{"text_content": MsgTooLong})
	}
	return nil
}
