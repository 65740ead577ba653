// Package remoteimage implements ports.RemoteImageFetcher on the SSRF-safe
// client: only the image types members may upload, at most MaxBytes.
package remoteimage

import (
	"context"
	"errors"
	"fmt"

	"social/adapters/providers/safefetch"
	"social/core/ports"
)

// MaxBytes caps one remote image: a preview picture or a logo is far
// smaller than the 10 MB a member may upload.
const MaxBytes = 5 << 20

// imageTypes are the answers accepted; the bytes decide again when cleaned.
var imageTypes = []string{string(ports.ImageJPEG), string(ports.ImagePNG), string(ports.ImageWebP)}

// Fetcher implements ports.RemoteImageFetcher.
type Fetcher struct{ client *safefetch.Client }

var _ ports.RemoteImageFetcher = Fetcher{}

// New fetches through client.
func New(client *safefetch.Client) Fetcher { return Fetcher{client: client} }

// FetchImage answers the body of rawURL (see ports.RemoteImageFetcher).
func (f Fetcher) FetchImage(ctx context.Context, rawURL string) ([]byte, error) {
	resp, err := f.client.GetCapped(ctx, rawURL, MaxBytes, imageTypes...)
	if err == nil {
		return resp.Body, nil
	}
	for _, final := range []error{safefetch.ErrInvalidURL, safefetch.ErrBlocked, safefetch.ErrTooManyRedirects,
		safefetch.ErrContentType, safefetch.ErrTooLarge, safefetch.ErrStatus} {
		if errors.Is(err, final) {
			return nil, fmt.Errorf("%w: %w", ports.ErrRemoteImageRefused, err)
		}
	}
	return nil, err
}
