package app

import (
	"context"
	"errors"
	"fmt"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
	media "social/features/media/app"
)

// Upload is a file a member sent: the name their device gave it and its bytes.
type Upload struct {
	FileName string
	Data     []byte
}

// SetProfileImage replaces the viewer's avatar or banner. The bytes decide
// the type (JPEG, PNG or WebP), metadata is stripped, and the picture is
// stored under avatars/<id>/avatar-<unix ms>.<ext> (banners likewise), an
// avatar with its square copies beside it (media.StorePicture); the
// previous file and its copies are deleted once the profile points at the
// new one.
type SetProfileImage struct {
	Profiles ProfileUpdater
	Indexer  Indexer
	Blobs    ports.BlobStore    // nil when no media storage is configured
	Images   ports.ImageCleaner // nil when no image cleaner is configured
	// Copies makes an avatar's square copies; nil stores it alone. A
	// banner is drawn wide, at the screen's width: it gets none.
	Copies  ports.ImageVariants
	Limiter ports.RateLimiter
	Clock   ports.Clock
	Limits  Limits
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
	store := media.StorePicture{Blobs: uc.Blobs}
	if img == domain.ProfileAvatar {
		store.Copies = uc.Copies
	}
	key, err := store.Handle(ctx, fmt.Sprintf("%ss/%s/%s-%d", img, viewer.UserID, img, now.UnixMilli()), clean)
	if err != nil {
		return domain.Profile{}, err
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

// deleteQuietly removes a picture no profile points at, with its copies;
// failing leaves orphans, which are only wasted space.
func (uc *SetProfileImage) deleteQuietly(ctx context.Context, key string) {
	media.DeletePicture(ctx, uc.Blobs, nil, key)
}

// FileTooLarge is the answer to a picture over the 5 MB cap.
func FileTooLarge() *errs.Error {
	return &errs.Error{Kind: errs.KindTooLarge, Code: CodeFileLarge, Title: MsgErrorTitle, Message: domain.MsgFileTooLarge}
}
