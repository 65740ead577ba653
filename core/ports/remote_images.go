package ports

import (
	"context"
	"errors"
)

// ErrRemoteImageRefused is a remote image that retrying cannot bring: an
// address that is not a public http(s) one, an answer that is not a JPEG,
// PNG or WebP, one over the size cap, or an error status from the site.
var ErrRemoteImageRefused = errors.New("remote image refused")

// RemoteImageFetcher fetches the bytes of an image whose address someone
// outside chose: a linked page's preview image, a picture a plugin copies
// from another site. The server fetches it once, safely (never an
// internal address, the body capped), so that members' browsers never ask
// that address themselves. Errors wrapping ErrRemoteImageRefused are
// final; any other (a timeout, a site that does not answer) may pass.
type RemoteImageFetcher interface {
	FetchImage(ctx context.Context, rawURL string) ([]byte, error)
}
