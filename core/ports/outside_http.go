package ports

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"time"
)

// ErrOutsideRefused is an address an outside client may not reach: not an
// absolute http(s) URL, or one that leads inside (a private, loopback or
// link-local address, a refused port). Retrying cannot help.
var ErrOutsideRefused = errors.New("outside address refused")

// OutsideClientOptions tune an outside client; zero values take the
// adapter's defaults.
type OutsideClientOptions struct {
	// Timeout bounds a request, connection and answer included.
	Timeout time.Duration
	// MaxBytes caps the answer read.
	MaxBytes int64
	// UserAgent names the caller to the other side.
	UserAgent string
	// AllowLoopback lets loopback addresses through, on any port: servers
	// of one machine talking to each other in tests. The caller refuses it
	// in production.
	AllowLoopback bool
}

// OutsideClients make clients for addresses that others gave us (another
// server's inbox, an actor's document): every connection is checked
// against internal addresses when it is dialed. A poster follows no
// redirect.
type OutsideClients interface {
	Client(o OutsideClientOptions) OutsidePoster
	// Fetcher is a client that reads documents (another server's actor).
	Fetcher(o OutsideClientOptions) OutsideFetcher
}

// OutsidePoster POSTs to an outside address. Any answer is an answer (the
// caller decides what its status means); an error is a failure to get
// one, wrapping ErrOutsideRefused when the address may not be reached.
type OutsidePoster interface {
	Post(ctx context.Context, rawURL string, header http.Header, body []byte) (status int, err error)
}

// OutsideFetcher GETs documents at outside addresses, following a few
// redirects (each checked as the first address is). With accept given,
// the answer's media type must be one of them. A status other than 2xx
// is an error.
type OutsideFetcher interface {
	Get(ctx context.Context, rawURL string, accept ...string) (OutsideDocument, error)
}

// OutsideDocument is a fetched answer: its body, read whole within the
// client's cap, and the URL it came from after redirects.
type OutsideDocument struct {
	Body []byte
	URL  *url.URL
}
