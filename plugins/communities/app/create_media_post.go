package app

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/google/uuid"

	"social/core/app/posts"
	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
)

// CreateMediaPost publishes a community post with an image or a video under
// the core posts' rules and texts: the bytes decide the kind, images lose
// their metadata, the file is stored before the transaction and deleted if
// it fails.
type CreateMediaPost struct {
	*Posts
	Blobs  ports.BlobStore    // nil when no media storage is configured
	Images ports.ImageCleaner // nil when no image cleaner is configured
}

// NewMediaPost is the form: the file, and optional text and kind.
type NewMediaPost struct {
	Text string
	Type domain.PostType
	File *posts.MediaFile // nil when the form has none
}

// Handle checks the membership, the form and the file, stores the file,
// then the post.
func (uc *CreateMediaPost) Handle(ctx context.Context, viewer domain.Viewer, id uuid.UUID, in NewMediaPost) (Post, error) {
	if !viewer.SignedIn() {
		return Post{}, errs.Unauthenticated(CodeUnauthenticated, MsgNoUserPost)
	}
	if err := uc.readable(ctx, viewer, id); err != nil {
		return Post{}, err
	}
	switch in.Type {
	case "", domain.PostImage, domain.PostVideo:
	default:
		return Post{}, errs.Invalid(posts.CodeInvalid, posts.MsgFixErrors, map[string]string{"type": posts.MsgBadType})
	}
	var text *string
	if strings.TrimSpace(in.Text) != "" {
		if err := textError(in.Text); err != nil {
			return Post{}, err
		}
		text = &in.Text
	}
	if in.File == nil || in.File.Size == 0 {
		if text == nil {
			return Post{}, errs.Invalid(CodePostEmpty, MsgPostEmpty, map[string]string{"text_content": MsgPostEmpty})
		}
		return Post{}, errs.Invalid(posts.CodeMediaRequired, posts.MsgMediaType, map[string]string{"file": posts.MsgMediaType})
	}
	head := make([]byte, domain.PostMediaSniffLen)
	n, err := io.ReadFull(in.File.Body, head)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) {
		return Post{}, fmt.Errorf("read upload: %w", err)
	}
	media, ok := domain.SniffPostMedia(head[:n])
	if !ok || (in.Type != "" && in.Type != media.Type) {
		return Post{}, posts.MediaTypeInvalid()
	}
	if in.File.Size > media.MaxBytes() {
		return Post{}, posts.MediaTooLarge(media.Type)
	}
	if uc.Blobs == nil || uc.Images == nil {
		return Post{}, errs.Unavailable("media_unavailable", errs.MsgUnavailable, errors.New("no media storage configured"))
	}
	if _, err := in.File.Body.Seek(0, io.SeekStart); err != nil {
		return Post{}, fmt.Errorf("rewind upload: %w", err)
	}
	body, size := io.Reader(in.File.Body), in.File.Size
	if media.Type == domain.PostImage {
		data, err := io.ReadAll(io.LimitReader(in.File.Body, domain.MaxPostImageBytes+1))
		if err != nil {
			return Post{}, fmt.Errorf("read upload: %w", err)
		}
		clean, err := uc.Images.Clean(ctx, data, ports.ImageJPEG, ports.ImagePNG, ports.ImageWebP)
		if e, ok := errs.As(err); ok && e.Kind == errs.KindInvalid {
			return Post{}, posts.MediaTypeInvalid()
		}
		if err != nil {
			return Post{}, err
		}
		body, size, media.ContentType = bytes.NewReader(clean.Data), int64(len(clean.Data)), string(clean.Format)
	}
	now := uc.Clock.Now()
	key := fmt.Sprintf("posts/%s/%d-%s.%s", viewer.UserID, now.UnixMilli(), shortRandom(), media.Ext)
	if err := uc.Blobs.Put(ctx, key, body, size, media.ContentType); err != nil {
		return Post{}, fmt.Errorf("store %s: %w", key, err)
	}
	p := Post{ID: newID(), CommunityID: id, AuthorID: viewer.UserID, TextContent: text, MediaPath: &key,
		Type: media.Type, CreatedAt: now, UpdatedAt: now}
	out, err := uc.store(ctx, viewer, id, p, nil)
	if err != nil {
		// No post points at the file.
		if derr := uc.Blobs.Delete(context.WithoutCancel(ctx), key); derr != nil && !errors.Is(derr, ports.ErrBlobNotFound) {
			uc.Log.WarnContext(ctx, "delete the file of a community post not created", "key", key, "err", derr)
		}
		return Post{}, err
	}
	return out, nil
}

// shortRandom keeps two files of one member in the same millisecond apart.
func shortRandom() string {
	b := make([]byte, 5)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
