package app

import (
	"context"

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

// DeletePost deletes a post, for its author (or, in an audience, whoever
// moderates it), and then its file.
type DeletePost struct {
	Tx      ports.Transactor
	Removal Removal
	// Audiences says who moderates an audience's posts; nil: nobody.
	Audiences ports.Audiences
}

// Handle checks three rules (signed in, the post visible to the viewer,
// the viewer its author or its audience's moderator) and deletes in one transaction
// (enqueueing the file's deletion), then tells post:{id} and, for a public
// post, feed:public.
func (uc *DeletePost) Handle(ctx context.Context, viewer domain.Viewer, id domain.PostID) error {
	if !viewer.SignedIn() {
		return errs.Unauthenticated(CodeUnauthenticated, MsgNoUserDelete)
	}
	var p domain.Post
	err := uc.Tx.InTx(ctx, func(ctx context.Context) error {
		var err error
		p, err = uc.Removal.Lock(ctx, id)
		if err != nil {
			return err
		}
		if p.ViewerInAudience, err = uc.inAudience(ctx, viewer, p); err != nil {
			return err
		}
		if !p.VisibleTo(viewer) {
			return domain.ErrNotFound
		}
		if p.AuthorID != viewer.UserID {
			ok, err := uc.moderates(ctx, viewer, p)
			if err != nil {
				return err
			}
			if !ok {
				return errs.Forbidden(CodeNotAuthor, MsgNotAuthor)
			}
		}
		return uc.Removal.InTx(ctx, p)
	})
	return uc.Removal.Finish(ctx, p, err, errs.NotFound(CodeNotFound, MsgNotFound), "delete post "+id.String())
}

// inAudience fills, for someone else's members_only post, whether viewer
// may read it (the locking read does not).
func (uc *DeletePost) inAudience(ctx context.Context, viewer domain.Viewer, p domain.Post) (bool, error) {
	if p.Visibility != domain.VisibilityMembersOnly || p.AuthorID == viewer.UserID || uc.Audiences == nil {
		return false, nil
	}
	return uc.Audiences.Reads(ctx, p.Audience, viewer.UserID)
}

// moderates reports whether viewer may delete someone else's post: only in
// an audience they moderate.
func (uc *DeletePost) moderates(ctx context.Context, viewer domain.Viewer, p domain.Post) (bool, error) {
	if p.Visibility != domain.VisibilityMembersOnly || uc.Audiences == nil {
		return false, nil
	}
	return uc.Audiences.Moderates(ctx, p.Audience, viewer.UserID)
}
