package federation

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"time"

	"social/config"
	"social/core/ports"
	"social/plugins/federation/app"
	"social/plugins/federation/httpapi"
)

// activityTypes are the media types an actor's document may come as.
var activityTypes = []string{"application/activity+json", "application/ld+json", "application/json"}

// Fetcher fetches other servers' documents through an SSRF-safe outside
// client: never an internal address (loopback only in tests of servers
// on one machine), 1 MiB at most, a few redirects.
type Fetcher struct{ Client ports.OutsideFetcher }

var (
	_ app.DocumentFetcher  = Fetcher{}
	_ app.WebFingerFetcher = Fetcher{}
)

// jrdTypes are the media types a WebFinger answer may come as.
var jrdTypes = []string{"application/jrd+json", "application/json"}

func newFetcher(cfg *config.Config, site httpapi.Site, outside ports.OutsideClients) (Fetcher, error) {
	loop, err := loopbackHTTP(cfg)
	if err != nil {
		return Fetcher{}, err
	}
	return Fetcher{Client: outside.Fetcher(ports.OutsideClientOptions{Timeout: fetchTimeout, MaxBytes: 1 << 20,
		UserAgent: "social-federation/" + config.Version + " (+" + site.Base + ")", AllowLoopback: loop})}, nil
}

// fetchTimeout bounds a document's fetch: it runs while the sender of an
// activity waits for our answer.
const fetchTimeout = 10 * time.Second

// FetchDocument gets uri as an ActivityStreams document.
func (f Fetcher) FetchDocument(ctx context.Context, uri string) ([]byte, *url.URL, error) {
	res, err := f.Client.Get(ctx, uri, activityTypes...)
	if err != nil {
		return nil, nil, err
	}
	return res.Body, res.URL, nil
}

// FetchJRD gets uri as a WebFinger answer.
func (f Fetcher) FetchJRD(ctx context.Context, uri string) ([]byte, error) {
	res, err := f.Client.Get(ctx, uri, jrdTypes...)
	if err != nil {
		return nil, err
	}
	return res.Body, nil
}

// MediaFetcher downloads other servers' pictures and videos through an
// SSRF-safe outside client of its own: federation.media.max_bytes at
// most, federation.media.timeout, any content type (the bytes are sniffed
// after, as an upload's are).
type MediaFetcher struct{ Client ports.OutsideFetcher }

var _ app.MediaFetcher = MediaFetcher{}

func newMediaFetcher(cfg *config.Config, site httpapi.Site, outside ports.OutsideClients) (app.MediaFetcher, error) {
	s, err := config.PluginSettings[Config](cfg, Name)
	if err != nil {
		return nil, err
	}
	loop, err := loopbackHTTP(cfg)
	if err != nil {
		return nil, err
	}
	m := s.Federation.Media
	return MediaFetcher{Client: outside.Fetcher(ports.OutsideClientOptions{Timeout: m.Timeout, MaxBytes: m.MaxBytes,
		UserAgent: "social-federation/" + config.Version + " (+" + site.Base + ")", AllowLoopback: loop})}, nil
}

// FetchMedia gets the file at uri; an address that may not be reached is
// final (app.ErrMediaRefused).
func (f MediaFetcher) FetchMedia(ctx context.Context, uri string) ([]byte, error) {
	res, err := f.Client.Get(ctx, uri)
	if errors.Is(err, ports.ErrOutsideRefused) {
		return nil, fmt.Errorf("%w: %w", app.ErrMediaRefused, err)
	}
	if err != nil {
		return nil, err
	}
	return res.Body, nil
}
