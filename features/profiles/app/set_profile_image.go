package app

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
)

// Upload is a file a member sent: the name their device gave it and its bytes.
type Upload struct {
	FileName string
	Data     []byte
}

// SetProfileImage replaces the viewer's avatar or banner. The bytes decide
// the type (JPEG, PNG or WebP), metadata is stripped, and the picture is
// stored under avatars/<id>/avatar-<unix ms>.<ext> (banners likewise); the
// previous file is deleted once the profile points at the new one.
type SetProfileImage struct {
	Profiles ProfileUpdater
	Indexer  Indexer
	Blobs    ports.BlobStore    // nil when no media storage is configured
	Images   ports.ImageCleaner // nil when no image cleaner is configured
	Limiter  ports.RateLimiter
	Clock    ports.Clock
	Limits   Limits
}

// Handle stores the picture and returns the updated profile.
func (uc *SetProfileImage) Handle(ctx context.Context, viewer domain.Viewer, img domain.ProfileImage, f Upload, clientIP string) (domain.Profile, error) {
	if !viewer.SignedIn() {
		return domain.Profile{}, errs.Unauthenticated(CodeNoUser, domain.MsgProfileNoUser)
	}
	if msg := domain.FileNameProblem(f.FileName); msg != "" {
		return domain.Profile{}, errs.Invalid(CodeFileName, msg, map[string]string{"file": msg})
	}
	if len(f.Data) > domain.MaxProfileImageBytes {
		return domain.Profile{}, FileTooLarge()
	}
	if len(f.Data) == 0 {
		return domain.Profile{}, errs.Invalid(CodeFileAbsent, domain.MsgFileMissing, map[string]string{"file": domain.MsgFileMissing})
	}
	if uc.Blobs == nil || uc.Images == nil {
		return domain.Profile{}, errs.Unavailable(CodeMediaUnavailable, errs.MsgUnavailable, errors.New("no media storage configured"))
	}
	if err := (writeGuard{Limiter: uc.Limiter, Limits: uc.Limits}).check(ctx, viewer, clientIP); err != nil {
		return domain.Profile{}, err
	}
	clean, err := uc.Images.Clean(ctx, f.Data, ports.ImageJPEG, ports.ImagePNG, ports.ImageWebP)
	if e, ok := errs.As(err); ok && e.Code == CodeFileType {
		msg := domain.MsgFileTypeNotAllowed
		return domain.Profile{}, errs.Invalid(CodeFileType, msg, map[string]string{"file": msg})
	}
	if err != nil {
		return domain.Profile{}, err
	}
	now := uc.Clock.Now()
	key := fmt.Sprintf("%ss/%s/%s-%d.%s", img, viewer.UserID, img, now.UnixMilli(), extension(clean.Format))
	if err := uc.Blobs.Put(ctx, key, bytes.NewReader(clean.Data), int64(len(clean.Data)), string(clean.Format)); err != nil {
		return domain.Profile{}, fmt.Errorf("store %s: %w", key, err)
	}
	var old *string
	p, err := uc.Indexer.update(ctx, uc.Profiles, viewer.UserID, func(p *domain.Profile) error {
		old = p.Path(img)
		p.SetPath(img, &key)
		p.UpdatedAt = now
		return nil
	})
	if err != nil {
		uc.deleteQuietly(ctx, key)
		if errors.Is(err, domain.ErrNotFound) {
			return domain.Profile{}, errs.NotFound(CodeNotFound, domain.MsgProfileNotFound)
		}
		return domain.Profile{}, fmt.Errorf("set %s of %s: %w", img, viewer.UserID, err)
	}
	if old != nil && *old != key {
		uc.deleteQuietly(ctx, *old)
	}
	return p, nil
}

// deleteQuietly removes a file no profile points at; failing leaves an
// orphan, which is only wasted space.
func (uc *SetProfileImage) deleteQuietly(ctx context.Context, key string) {
	deleteBlob(ctx, uc.Blobs, key)
}

func deleteBlob(ctx context.Context, blobs ports.BlobStore, key string) {
	if err := blobs.Delete(ctx, key); err != nil && !errors.Is(err, ports.ErrBlobNotFound) {
		slog.Default().WarnContext(ctx, "could not delete a replaced profile image", "key", key, "err", err)
	}
}

// FileTooLarge is the answer to a picture over the 5 MB cap.
func FileTooLarge() *errs.Error {
	return &errs.Error{Kind: errs.KindTooLarge, Code: CodeFileLarge, Title: MsgErrorTitle, Message: domain.MsgFileTooLarge}
}

func extension(f ports.ImageFormat) string {
	switch f {
	case ports.ImagePNG:
		return "png"
	case ports.ImageWebP:
		return "webp"
	}
	return "jpg"
}
