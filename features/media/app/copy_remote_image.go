package app

import (
	"bytes"
	"context"
	"fmt"
	"strings"

	"social/core/errs"
	"social/core/ports"
)

// extensions name a stored copy by its cleaned type.
var extensions = map[ports.ImageFormat]string{ports.ImageJPEG: "jpg", ports.ImagePNG: "png", ports.ImageWebP: "webp"}

// CopyRemoteImage fetches an image whose address someone outside chose and
// keeps a copy in media storage, checked and stripped of its metadata as an
// upload is, so that other members' browsers load our copy and never that
// address. The fetch goes through the SSRF-safe client.
type CopyRemoteImage struct {
	Fetch  ports.RemoteImageFetcher
	Images ports.ImageCleaner
	Blobs  ports.BlobStore
}

// Handle stores the image at rawURL under base plus its type's extension
// and answers the key. An image refused for good (the address, the type,
// the size, bytes that are no whole JPEG, PNG or WebP) wraps
// ports.ErrRemoteImageRefused; any other error may pass on a retry.
func (uc *CopyRemoteImage) Handle(ctx context.Context, rawURL, base string) (string, error) {
	if strings.TrimSpace(rawURL) == "" {
		return "", fmt.Errorf("%w: no address", ports.ErrRemoteImageRefused)
	}
	data, err := uc.Fetch.FetchImage(ctx, rawURL)
	if err != nil {
		return "", fmt.Errorf("fetch remote image: %w", err)
	}
	clean, err := uc.Images.Clean(ctx, data, ports.ImageJPEG, ports.ImagePNG, ports.ImageWebP)
	if e, ok := errs.As(err); ok && e.Kind == errs.KindInvalid {
		return "", fmt.Errorf("%w: %w", ports.ErrRemoteImageRefused, err)
	}
	if err != nil {
		return "", fmt.Errorf("clean remote image: %w", err)
	}
	key := base + "." + extensions[clean.Format]
	if err := uc.Blobs.Put(ctx, key, bytes.NewReader(clean.Data), int64(len(clean.Data)), string(clean.Format)); err != nil {
		return "", fmt.Errorf("store remote image %s: %w", key, err)
	}
	return key, nil
}
