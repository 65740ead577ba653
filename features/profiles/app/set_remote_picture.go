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

// SetRemotePicture replaces a remote account's avatar or banner with a
// copy of the one its server shows (which the federation plugin
// downloads), checked, stripped of its metadata and stored as a member's
// upload is (SetProfileImage), so that browsers load our copy and never
// the other server. Nil data removes the picture. It has no rate limit of
// its own: the plugin copies a picture when it fetches the account's
// document, which its limits bound. A profile of this network's is never
// touched: the call is refused.
type SetRemotePicture struct {
	Profiles ProfileUpdater
	Indexer  Indexer
	Blobs    ports.BlobStore
	Images   ports.ImageCleaner
	// Copies makes an avatar's square copies; nil stores it alone.
	Copies ports.ImageVariants
	Clock  ports.Clock
}

// Handle stores data as remote profile id's img.
func (uc *SetRemotePicture) Handle(ctx context.Context, id domain.UserID, img domain.ProfileImage, data []byte) error {
	var key *string
	if data != nil {
		if len(data) > domain.MaxProfileImageBytes {
			return FileTooLarge()
		}
		if uc.Blobs == nil || uc.Images == nil {
			return errs.Unavailable(CodeMediaUnavailable, errs.MsgUnavailable, errors.New("no media storage configured"))
		}
		clean, err := uc.Images.Clean(ctx, data, ports.ImageJPEG, ports.ImagePNG, ports.ImageWebP)
		if e, ok := errs.As(err); ok && e.Kind == errs.KindInvalid {
			msg := domain.MsgFileTypeNotAllowed
			return errs.Invalid(CodeFileType, msg, map[string]string{"file": msg})
		}
		if err != nil {
			return err
		}
		store := media.StorePicture{Blobs: uc.Blobs}
		if img == domain.ProfileAvatar {
			store.Copies = uc.Copies
		}
		k, err := store.Handle(ctx, fmt.Sprintf("%ss/%s/%s-%d", img, id, img, uc.Clock.Now().UnixMilli()), clean)
		if err != nil {
			return err
		}
		key = &k
	}
	var old *string
	_, err := uc.Indexer.update(ctx, uc.Profiles, id, func(p *domain.Profile) error {
		if !p.Remote() {
			return errs.Forbidden(CodeBadRemoteAccount, MsgBadRemoteAccount)
		}
		old = p.Path(img)
		p.SetPath(img, key)
		p.UpdatedAt = uc.Clock.Now()
		return nil
	})
	if err != nil {
		if key != nil {
			media.DeletePicture(ctx, uc.Blobs, nil, *key)
		}
		if errors.Is(err, domain.ErrNotFound) {
			return errs.NotFound(CodeNotFound, domain.MsgProfileNotFound)
		}
		if _, ok := errs.As(err); ok {
			return err
		}
		return fmt.Errorf("set %s of remote profile %s: %w", img, id, err)
	}
	if old != nil && (key == nil || *old != *key) {
		media.DeletePicture(ctx, uc.Blobs, nil, *old)
	}
	return nil
}
