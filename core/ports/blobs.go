package ports

import (
	"context"
	"errors"
	"io"
	"time"
)

// ErrBlobNotFound is returned for a key that holds nothing.
var ErrBlobNotFound = errors.New("blob not found")

// BlobInfo describes a stored blob.
type BlobInfo struct {
	Size        int64
	ContentType string
	ModTime     time.Time
}

// BlobStore keeps uploaded media under slash-separated keys such as
// "avatars/<user id>/avatar-<unix ms>.jpg". Keys never contain "..".
type BlobStore interface {
	Put(ctx context.Context, key string, r io.Reader, size int64, contentType string) error
	// Open returns the blob's bytes; the caller closes the reader.
	Open(ctx context.Context, key string) (io.ReadSeekCloser, BlobInfo, error)
	Delete(ctx context.Context, key string) error
	// SignedURL is a link a browser can load until ttl has passed.
	SignedURL(ctx context.Context, key string, ttl time.Duration) (string, error)
}
