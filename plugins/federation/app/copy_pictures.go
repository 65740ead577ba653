package app

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/url"

	"social/core/domain"
	"social/core/errs"
)

// PictureCopy is a remote account's avatar (its actor's icon) and banner
// (image) as its document names them; an empty address is none.
type PictureCopy struct {
	Profile domain.UserID
	Icon    string
	Image   string
}

// PictureQueue queues the copy of a remote account's pictures, in the
// transaction of ctx.
type PictureQueue interface {
	EnqueuePictures(ctx context.Context, c PictureCopy) error
}

// PictureSources remembers the addresses whose copies a remote account's
// profile shows.
type PictureSources interface {
	PictureSources(ctx context.Context, profile domain.UserID) (icon, image string, err error)
	SavePictureSource(ctx context.Context, profile domain.UserID, img domain.ProfileImage, source string) error
}

// RemotePictures sets a remote account's picture (the profiles feature's
// SetRemotePicture); nil data removes it.
type RemotePictures interface {
	Handle(ctx context.Context, id domain.UserID, img domain.ProfileImage, data []byte) error
}

// CopyRemotePictures copies a remote account's avatar and banner into our
// storage when its document (fetched, or fetched again) names others than
// the copies its profile shows, and removes them when it names none. A
// picture refused (by the instance policy, its address, its kind or size)
// is not copied, and not tried again until the document names another; a
// server that does not answer is tried again with the job.
type CopyRemotePictures struct {
	Sources  PictureSources
	Fetch    MediaFetcher
	Policy   MediaPolicy
	Pictures RemotePictures
	Log      *slog.Logger
}

// Handle brings c's pictures up to date.
func (uc *CopyRemotePictures) Handle(ctx context.Context, c PictureCopy) error {
	icon, image, err := uc.Sources.PictureSources(ctx, c.Profile)
	if errors.Is(err, domain.ErrNotFound) {
		return nil // the remote account is gone
	}
	if err != nil {
		return err
	}
	if err := uc.one(ctx, c.Profile, domain.ProfileAvatar, icon, c.Icon); err != nil {
		return err
	}
	return uc.one(ctx, c.Profile, domain.ProfileBanner, image, c.Image)
}

func (uc *CopyRemotePictures) one(ctx context.Context, profile domain.UserID, img domain.ProfileImage, had, want string) error {
	if had == want {
		return nil
	}
	var data []byte
	if want != "" {
		var err error
		if data, err = uc.download(ctx, want); err != nil {
			return err
		}
	}
	if want == "" || data != nil {
		err := uc.Pictures.Handle(ctx, profile, img, data)
		var refused *errs.Error
		if errors.As(err, &refused) && refused.Kind != errs.KindUnavailable {
			uc.Log.Info("federation: remote picture refused", "profile", profile, "picture", img, "code", refused.Code)
		} else if err != nil {
			return err
		}
	}
	return uc.Sources.SavePictureSource(ctx, profile, img, want)
}

// download is the file at rawURL, nil when it is refused for good.
func (uc *CopyRemotePictures) download(ctx context.Context, rawURL string) ([]byte, error) {
	u, err := url.Parse(rawURL)
	if err != nil || u.Host == "" || u.Scheme != "https" && u.Scheme != "http" {
		return nil, nil
	}
	if rejected, err := RejectsMedia(ctx, uc.Policy, u.Host); err != nil || rejected {
		return nil, err
	}
	data, err := uc.Fetch.FetchMedia(ctx, rawURL)
	if errors.Is(err, ErrMediaRefused) {
		uc.Log.Info("federation: remote picture refused", "error", err)
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("fetch remote picture: %w", err)
	}
	if len(data) == 0 {
		return nil, nil
	}
	return data, nil
}

// imageURL is the address of an actor's icon or image: an Image object
// (its url a string or a Link), a bare address, or a list of either (the
// first).
func imageURL(raw json.RawMessage) string {
	if len(raw) == 0 {
		return ""
	}
	var obj struct {
		URL json.RawMessage `json:"url"`
	}
	if json.Unmarshal(raw, &obj) == nil && len(obj.URL) > 0 {
		return linkHref(obj.URL)
	}
	var many []json.RawMessage
	if json.Unmarshal(raw, &many) == nil && len(many) > 0 {
		return imageURL(many[0])
	}
	return linkHref(raw)
}
