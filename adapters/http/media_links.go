package http

import (
	"log/slog"

	"social/config"
	"social/core/ports"
	"social/kit/httpkit"
)

// NewMediaLinks signs with blobs for cfg's storage.url_ttl.
func NewMediaLinks(blobs ports.BlobStore, cfg *config.Config, log *slog.Logger) httpkit.MediaLinks {
	return httpkit.NewMediaLinks(blobs, cfg.Storage.URLTTL, log)
}
