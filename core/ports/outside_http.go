package ports

import (
	"context"
	"errors"
	"net/http"
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
// server's inbox): every connection is checked against internal
// addresses when it is dialed, and no redirect is followed.
type OutsideClients interface {
	Client(o OutsideClientOptions) OutsidePoster
}

// OutsidePoster POSTs to an outside address. Any answer is an answer (the
// caller decides what its status means); an error is a failure to get
// one, wrapping ErrOutsideRefused when the address may not be reached.
type OutsidePoster interface {
	Post(ctx context.Context, rawURL string, header http.Header, body []byte) (status int, err error)
}
