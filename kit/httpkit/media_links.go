package httpkit

import (
	"context"
	"log/slog"
	"time"

	"social/core/ports"
)

// MediaLinks turns the storage keys in answers (avatars, banners, post
// files) into signed links valid for storage.url_ttl. Every API package
// presents media through it, so links expire alike everywhere.
type MediaLinks struct {
	blobs ports.BlobStore // nil when no media storage is configured: no links
	ttl   time.Duration
	log   *slog.Logger
}

// NewMediaLinks signs with blobs links valid for ttl.
func NewMediaLinks(blobs ports.BlobStore, ttl time.Duration, log *slog.Logger) MediaLinks {
	return MediaLinks{blobs: blobs, ttl: ttl, log: log}
}

// URL is the signed link of key, or nil for no key. A key that cannot be
// signed is logged and shown as no picture rather than failing the answer.
func (l MediaLinks) URL(ctx context.Context, key *string) *string {
	if key == nil || l.blobs == nil {
		return nil
	}
	u, err := l.blobs.SignedURL(ctx, *key, l.ttl)
	if err != nil {
		l.log.WarnContext(ctx, "sign media link", "key", *key, "err", err)
		return nil
	}
	return &u
}

// TTL is how long the links stay valid.
func (l MediaLinks) TTL() time.Duration { return l.ttl }
