package safefetch

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"go.uber.org/fx"

	"social/core/ports"
)

// Module provides ports.OutsideClients on this package's client.
var Module = fx.Module("safefetch", fx.Provide(func() ports.OutsideClients { return Outside{} }))

// Outside makes SSRF-safe clients for the core's and the plugins' outside
// requests (ports.OutsideClients).
type Outside struct{}

// Client is a client with o's settings, following no redirect.
func (Outside) Client(o ports.OutsideClientOptions) ports.OutsidePoster {
	return poster{New(Options{Timeout: o.Timeout, MaxBytes: o.MaxBytes, UserAgent: o.UserAgent,
		MaxRedirects: -1, AllowLoopback: o.AllowLoopback})}
}

type poster struct{ c *Client }

func (p poster) Post(ctx context.Context, rawURL string, header http.Header, body []byte) (int, error) {
	resp, err := p.c.Post(ctx, rawURL, header, body)
	if errors.Is(err, ErrBlocked) || errors.Is(err, ErrInvalidURL) {
		return 0, fmt.Errorf("%w: %w", ports.ErrOutsideRefused, err)
	}
	if err != nil {
		return 0, err
	}
	return resp.StatusCode, nil
}

// Fetcher is a client with o's settings that follows a few redirects,
// each destination checked when dialed.
func (Outside) Fetcher(o ports.OutsideClientOptions) ports.OutsideFetcher {
	return fetcher{New(Options{Timeout: o.Timeout, MaxBytes: o.MaxBytes, UserAgent: o.UserAgent,
		AllowLoopback: o.AllowLoopback})}
}

type fetcher struct{ c *Client }

func (f fetcher) Get(ctx context.Context, rawURL string, accept ...string) (ports.OutsideDocument, error) {
	resp, err := f.c.Get(ctx, rawURL, accept...)
	if errors.Is(err, ErrBlocked) || errors.Is(err, ErrInvalidURL) {
		return ports.OutsideDocument{}, fmt.Errorf("%w: %w", ports.ErrOutsideRefused, err)
	}
	if err != nil {
		return ports.OutsideDocument{}, err
	}
	return ports.OutsideDocument{Body: resp.Body, URL: resp.URL}, nil
}
