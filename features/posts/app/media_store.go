package app

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

// MediaForm applies the form rules every post with a file shares (the
// feed's and an audience's): kind empty, image or video; text optional
// but within the post rules; a file present. It answers the text to store,
// nil when blank.
func MediaForm(text string, kind domain.PostType, f *MediaFile) (*string, error) {
	switch kind {
	case "", domain.PostImage, domain.PostVideo:
	default:
		return nil, badType()
	}
	var out *string
	if strings.TrimSpace(text) != "" {
		if err := TextError(text); err != nil {
			return nil, err
		}
		out = &text
	}
	if f == nil || f.Size == 0 {
		if out == nil {
			return nil, errs.Invalid(CodeEmpty, domain.MsgPostEmpty, map[string]string{"text_content": domain.MsgPostEmpty})
		}
		return nil, errs.Invalid(CodeMediaRequired, MsgMediaType, map[string]string{"file": MsgMediaType})
	}
	return out, nil
}

// StoredMedia is a post file in the blob store.
type StoredMedia struct {
	Key  string
	Type domain.PostType
	// Width and Height are an image's as shown (0 for a video); Variants
	// the widths of its smaller copies stored beside it.
	Width, Height int
	Variants      []int
}

// MediaStore checks an uploaded post file and stores it. The bytes decide
// the kind (never the file's name or declared type); images lose their
// metadata (EXIF with GPS) first; videos must be structurally whole (not
// cut short, nothing after their end) and are stored as sent.
type MediaStore struct {
	Blobs  ports.BlobStore    // nil when no media storage is configured
	Images ports.ImageCleaner // nil when no image cleaner is configured
	// Copies makes an image's smaller copies; nil stores the original
	// alone.
	Copies ports.ImageVariants
	Videos ports.VideoChecker // nil when no video checker is configured
	Clock  ports.Clock
	Log    *slog.Logger
}

// Store checks f (of kind want, when given) and stores it under
// posts/<author>/<unix ms>-<random>.<ext>, an image with its smaller
// copies beside it (domain.PostImageWidths narrower than the original).
// Callers store it before their post's transaction and Discard it if that
// fails.
func (s MediaStore) Store(ctx context.Context, author domain.UserID, f *MediaFile, want domain.PostType) (StoredMedia, error) {
	head := make([]byte, domain.PostMediaSniffLen)
	n, err := io.ReadFull(f.Body, head)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) {
		return StoredMedia{}, fmt.Errorf("read upload: %w", err)
	}
	media, ok := domain.SniffPostMedia(head[:n])
	if !ok || (want != "" && want != media.Type) {
		return StoredMedia{}, MediaTypeInvalid()
	}
	if f.Size > media.MaxBytes() {
		return StoredMedia{}, MediaTooLarge(media.Type)
	}
	if s.Blobs == nil || s.Images == nil || s.Videos == nil {
		return StoredMedia{}, errs.Unavailable(CodeMediaUnavailable, errs.MsgUnavailable, errors.New("no media storage configured"))
	}
	if media.Type == domain.PostVideo {
		err := s.Videos.Check(ctx, f.Body, ports.VideoFormat(media.ContentType))
		if errors.Is(err, ports.ErrVideoMalformed) {
			// Cut short or with bytes after its end: not the video its first
			// bytes claim.
			s.Log.InfoContext(ctx, "video upload refused", "author", author, "reason", err)
			return StoredMedia{}, MediaTypeInvalid()
		}
		if err != nil {
			return StoredMedia{}, fmt.Errorf("check video upload: %w", err)
		}
	}
	if _, err := f.Body.Seek(0, io.SeekStart); err != nil {
		return StoredMedia{}, fmt.Errorf("rewind upload: %w", err)
	}
	body, size := io.Reader(f.Body), f.Size
	var clean ports.CleanImage
	if media.Type == domain.PostImage {
		data, err := io.ReadAll(io.LimitReader(f.Body, domain.MaxPostImageBytes+1))
		if err != nil {
			return StoredMedia{}, fmt.Errorf("read upload: %w", err)
		}
		clean, err = s.Images.Clean(ctx, data, ports.ImageJPEG, ports.ImagePNG, ports.ImageWebP)
		if e, ok := errs.As(err); ok && e.Kind == errs.KindInvalid {
			// Not the image its first bytes claim, or too many pixels.
			return StoredMedia{}, MediaTypeInvalid()
		}
		if err != nil {
			return StoredMedia{}, err
		}
		body, size, media.ContentType = bytes.NewReader(clean.Data), int64(len(clean.Data)), string(clean.Format)
	}
	key := fmt.Sprintf("posts/%s/%d-%s.%s", author, s.Clock.Now().UnixMilli(), shortRandom(), media.Ext)
	if err := s.Blobs.Put(ctx, key, body, size, media.ContentType); err != nil {
		return StoredMedia{}, fmt.Errorf("store %s: %w", key, err)
	}
	out := StoredMedia{Key: key, Type: media.Type}
	if media.Type == domain.PostImage {
		out.Width, out.Height, out.Variants = s.storeCopies(ctx, key, clean)
	}
	return out, nil
}

// storeCopies stores the smaller copies of the image at key and answers its
// size as shown and the widths stored. The copies only save bytes: when
// they cannot be made the post keeps its original alone, and a copy stored
// before the failure is deleted.
func (s MediaStore) storeCopies(ctx context.Context, key string, img ports.CleanImage) (width, height int, widths []int) {
	if s.Copies == nil {
		return img.Width, img.Height, nil
	}
	set, err := s.Copies.Variants(ctx, img, domain.PostImageWidths)
	if err != nil {
		s.Log.WarnContext(ctx, "make the smaller copies of a post's image", "key", key, "err", err)
		return img.Width, img.Height, nil
	}
	for _, v := range set.Variants {
		vkey := domain.ImageVariantKey(key, v.Width)
		if err := s.Blobs.Put(ctx, vkey, bytes.NewReader(v.Data), int64(len(v.Data)), string(v.Format)); err != nil {
			s.Log.WarnContext(ctx, "store a smaller copy of a post's image", "key", vkey, "err", err)
			s.discardCopies(ctx, key)
			return set.Width, set.Height, nil
		}
		widths = append(widths, v.Width)
	}
	return set.Width, set.Height, widths
}

// Discard deletes a stored file no post points at (its post was not
// created), with its copies. Failing leaves an orphan, which is only
// wasted space.
func (s MediaStore) Discard(ctx context.Context, key string) {
	if err := s.Blobs.Delete(context.WithoutCancel(ctx), key); err != nil && !errors.Is(err, ports.ErrBlobNotFound) {
		s.Log.WarnContext(ctx, "delete the file of a post not created", "key", key, "err", err)
	}
	s.discardCopies(ctx, key)
}

func (s MediaStore) discardCopies(ctx context.Context, key string) {
	for _, vkey := range domain.ImageVariantKeys(key) {
		if err := s.Blobs.Delete(context.WithoutCancel(ctx), vkey); err != nil && !errors.Is(err, ports.ErrBlobNotFound) {
			s.Log.WarnContext(ctx, "delete a copy of the file of a post not created", "key", vkey, "err", err)
		}
	}
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
