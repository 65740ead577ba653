package app

import (
	"context"
	"errors"
	"fmt"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
)

// PostMediaWriter gives a post its file, or takes it away, in the
// transaction of ctx (the post locked by PostTextWriter.Lock).
type PostMediaWriter interface {
	Lock(ctx context.Context, id domain.PostID) (domain.Post, error)
	// SetMedia makes the post's file m (its kind the post's type), from
	// the upload upload, described by alt.
	SetMedia(ctx context.Context, id domain.PostID, m StoredMedia, upload MediaID, alt *string) error
	// ClearMedia makes the post a text post without a file.
	ClearMedia(ctx context.Context, id domain.PostID) error
}

// AttachMedia gives a post of the viewer that has no file one of their
// uploads (UploadMedia): how a remote account's post gets the picture or
// video its Note carries, copied into storage after the post was made
// (the copy is a job's work, not the inbox's). A post that has a file
// already keeps it: attaching twice changes nothing.
type AttachMedia struct {
	Tx      ports.Transactor
	Posts   PostMediaWriter
	Pending PendingMediaStore
}

// Handle attaches upload id to post, for its author only.
func (uc *AttachMedia) Handle(ctx context.Context, viewer domain.Viewer, post domain.PostID, id MediaID) error {
	if !viewer.SignedIn() {
		return errs.Unauthenticated(CodeUnauthenticated, MsgNoUser)
	}
	err := uc.Tx.InTx(ctx, func(ctx context.Context) error {
		p, err := uc.Posts.Lock(ctx, post)
		if err != nil {
			return err
		}
		if p.AuthorID != viewer.UserID {
			return errs.Forbidden(CodeNotAuthor, MsgNotAuthorEdit)
		}
		if p.MediaPath != nil {
			return nil
		}
		m, err := uc.Pending.LockPending(ctx, id, viewer.UserID)
		if errors.Is(err, domain.ErrNotFound) {
			return uploadNotFound()
		}
		if err != nil {
			return err
		}
		if err := uc.Posts.SetMedia(ctx, post, m.Media, id, m.ImageAlt); err != nil {
			return err
		}
		return uc.Pending.AttachPending(ctx, id, post)
	})
	if errors.Is(err, domain.ErrNotFound) {
		return errs.NotFound(CodeNotFound, MsgNotFound)
	}
	if _, ok := errs.As(err); ok || err == nil {
		return err
	}
	return fmt.Errorf("attach media %s to post %s: %w", id, post, err)
}

// DropMedia takes a post's file away, for its author, and deletes it
// (posts.delete_media): the post stays, as a text post. What a copy of
// another server's media whose time in the cache ran out becomes.
type DropMedia struct {
	Tx    ports.Transactor
	Posts PostMediaWriter
	Files MediaQueue
}

// Handle drops post's file; a post without one, or gone, is left as it is.
func (uc *DropMedia) Handle(ctx context.Context, viewer domain.Viewer, post domain.PostID) error {
	if !viewer.SignedIn() {
		return errs.Unauthenticated(CodeUnauthenticated, MsgNoUser)
	}
	err := uc.Tx.InTx(ctx, func(ctx context.Context) error {
		p, err := uc.Posts.Lock(ctx, post)
		if err != nil {
			return err
		}
		if p.AuthorID != viewer.UserID {
			return errs.Forbidden(CodeNotAuthor, MsgNotAuthorEdit)
		}
		if p.MediaPath == nil || p.TextContent == nil {
			// A post whose file is all it says keeps it.
			return nil
		}
		if err := uc.Posts.ClearMedia(ctx, post); err != nil {
			return err
		}
		return uc.Files.EnqueueMediaDeletion(ctx, *p.MediaPath)
	})
	if errors.Is(err, domain.ErrNotFound) {
		return nil
	}
	if _, ok := errs.As(err); ok || err == nil {
		return err
	}
	return fmt.Errorf("drop media of post %s: %w", post, err)
}
