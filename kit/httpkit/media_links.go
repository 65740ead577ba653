package httpkit

import (
	"context"
	"log/slog"
	"strings"
	"time"

	"social/core/domain"
	"social/core/ports"
)

// MediaLinks turns the storage keys in answers (avatars, banners, post
// files) into signed links valid for storage.url_ttl. Every API package
// presents media through it, so links expire alike everywhere.
type MediaLinks struct {
	blobs ports.BlobStore // nil when no media storage is configured: no links
	ttl   time.Duration
	log   *slog.Logger
	// origin, when set, is put before links that are paths on this server
	// (WithOrigin).
	origin string
}

// WithOrigin is l for clients on other sites (Mastodon's apps): a link
// that is a path on this server (the disk storage's) gets origin before
// it; a link already absolute (S3's) stays as it is.
func (l MediaLinks) WithOrigin(origin string) MediaLinks {
	l.origin = strings.TrimRight(origin, "/")
	return l
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
	if l.origin != "" && strings.HasPrefix(u, "/") {
		u = l.origin + u
	}
	return &u
}

// TTL is how long the links stay valid.
func (l MediaLinks) TTL() time.Duration { return l.ttl }

// PictureCopy is a square copy of a profile's or a community's picture
// (ports.PictureCopy: the same type, so use cases may carry it).
type PictureCopy = ports.PictureCopy

// PictureCopies signs the links of the square copies stored beside the
// picture at key (domain.PictureKeySides), smallest first: a srcset's
// candidates. Empty, never nil, for no picture and for one stored before
// copies were made, which shows as its original alone.
func (l MediaLinks) PictureCopies(ctx context.Context, key *string) []PictureCopy {
	if key == nil {
		return []PictureCopy{}
	}
	sides := domain.PictureKeySides(*key)
	out := make([]PictureCopy, 0, len(sides))
	for _, side := range sides {
		vkey := domain.ImageVariantKey(*key, side)
		if u := l.URL(ctx, &vkey); u != nil {
			out = append(out, PictureCopy{URL: *u, Width: side, Height: side})
		}
	}
	return out
}
