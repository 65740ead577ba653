package posts

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
)

// MediaFile is an uploaded file: its bytes, seekable because a large one
// waits on disk rather than in memory, and its size.
type MediaFile struct {
	Body io.ReadSeeker
	Size int64
}

// NewMediaPost is the form of a post with an image or a video. Type is
// optional: when given, the bytes must be of that kind. Text is optional.
type NewMediaPost struct {
	Text       string
	Type       domain.PostType
	Visibility domain.Visibility
	File       *MediaFile // nil when the form has none
}

// CreateMediaPost publishes a post with an image or a video. The bytes
// decide the kind (never the file's name or declared type); images lose
// their metadata (EXIF with GPS) before they are stored, videos are stored
// as sent. The file is stored before the post's transaction and deleted if
// the transaction fails.
type CreateMediaPost struct {
	Create *CreatePost
	Blobs  ports.BlobStore    // nil when no media storage is configured
	Images ports.ImageCleaner // nil when no image cleaner is configured
	Log    *slog.Logger
}

// Handle checks the form, stores the file and then the post.
func (uc *CreateMediaPost) Handle(ctx context.Context, viewer domain.Viewer, in NewMediaPost) (Created, error) {
	if !viewer.SignedIn() {
		return Created{}, errs.Unauthenticated(CodeUnauthenticated, MsgNoUser)
	}
	vis, err := visibility(in.Visibility)
	if err != nil {
		return Created{}, err
	}
	switch in.Type {
	case "", domain.PostImage, domain.PostVideo:
	default:
		return Created{}, badType()
	}
	var text *string
	if strings.TrimSpace(in.Text) != "" {
		if err := textError(in.Text); err != nil {
			return Created{}, err
		}
		text = &in.Text
	}
	if in.File == nil || in.File.Size == 0 {
		if text == nil {
			return Created{}, errs.Invalid(CodeEmpty, MsgEmpty, map[string]string{"text_content": MsgEmpty})
		}
		return Created{}, errs.Invalid(CodeMediaRequired, MsgMediaType, map[string]string{"file": MsgMediaType})
	}
	head := make([]byte, domain.PostMediaSniffLen)
	n, err := io.ReadFull(in.File.Body, head)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) {
		return Created{}, fmt.Errorf("read upload: %w", err)
	}
	media, ok := domain.SniffPostMedia(head[:n])
	if !ok || (in.Type != "" && in.Type != media.Type) {
		return Created{}, MediaTypeInvalid()
	}
	if in.File.Size > media.MaxBytes() {
		return Created{}, MediaTooLarge(media.Type)
	}
	if uc.Blobs == nil || uc.Images == nil {
		return Created{}, errs.Unavailable("media_unavailable", errs.MsgUnavailable, errors.New("no media storage configured"))
	}
	if _, err := in.File.Body.Seek(0, io.SeekStart); err != nil {
		return Created{}, fmt.Errorf("rewind upload: %w", err)
	}
	body, size := io.Reader(in.File.Body), in.File.Size
	if media.Type == domain.PostImage {
		data, err := io.ReadAll(io.LimitReader(in.File.Body, domain.MaxPostImageBytes+1))
		if err != nil {
			return Created{}, fmt.Errorf("read upload: %w", err)
		}
		clean, err := uc.Images.Clean(ctx, data, ports.ImageJPEG, ports.ImagePNG, ports.ImageWebP)
		if e, ok := errs.As(err); ok && e.Kind == errs.KindInvalid {
			// Not the image its first bytes claim, or too many pixels.
			return Created{}, MediaTypeInvalid()
		}
		if err != nil {
			return Created{}, err
		}
		body, size, media.ContentType = bytes.NewReader(clean.Data), int64(len(clean.Data)), string(clean.Format)
	}
	key := fmt.Sprintf("posts/%s/%d-%s.%s", viewer.UserID, uc.Create.Clock.Now().UnixMilli(), shortRandom(), media.Ext)
	if err := uc.Blobs.Put(ctx, key, body, size, media.ContentType); err != nil {
		return Created{}, fmt.Errorf("store %s: %w", key, err)
	}
	out, err := uc.Create.store(ctx, viewer, draft{Text: text, Type: media.Type, Visibility: vis, MediaPath: &key})
	if err != nil {
		// No post points at the file.
		if derr := uc.Blobs.Delete(context.WithoutCancel(ctx), key); derr != nil && !errors.Is(derr, ports.ErrBlobNotFound) {
			uc.Log.WarnContext(ctx, "delete the file of a post not created", "key", key, "err", derr)
		}
		return Created{}, err
	}
	return out, nil
}

// MediaTypeInvalid is the answer to a file that is no accepted image or
// video, or not of the kind the form named.
func MediaTypeInvalid() *errs.Error {
	return &errs.Error{Kind: errs.KindInvalid, Code: CodeMediaType, Title: MsgMediaTypeTitle, Message: MsgMediaType,
		Fields: map[string]string{"file": MsgMediaType}}
}

// MediaTooLarge is the answer to a file over its kind's limit.
func MediaTooLarge(kind domain.PostType) *errs.Error {
	msg := MsgImageTooLarge
	if kind == domain.PostVideo {
		msg = MsgVideoTooLarge
	}
	return &errs.Error{Kind: errs.KindTooLarge, Code: CodeMediaTooLarge, Title: MsgMediaTooLargeTitle, Message: msg}
}

// shortRandom keeps two files of one member in the same millisecond apart.
func shortRandom() string {
	b := make([]byte, 5)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
