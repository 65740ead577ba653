package safefetch

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"slices"
	"strings"
	"time"
)

// Defaults of Options.
const (
	DefaultTimeout      = 5 * time.Second
	DefaultMaxBytes     = 1 << 20 // 1 MiB
	DefaultMaxRedirects = 3
	DefaultUserAgent    = "social-linkpreview/1.0 (+server-side link preview; fetches only public pages)"
)

// Errors of Get; match them with errors.Is.
var (
	ErrInvalidURL        = errors.New("safefetch: not an absolute http(s) URL")
	ErrBlocked           = errors.New("safefetch: destination refused")
	ErrTooManyRedirects  = errors.New("safefetch: too many redirects")
	ErrTooLarge          = errors.New("safefetch: body too large")
	ErrContentType       = errors.New("safefetch: content type not accepted")
	ErrTimeout           = errors.New("safefetch: timed out")
	ErrStatus            = errors.New("safefetch: error status")
	ErrConnectionRefused = errors.New("safefetch: could not connect")
)

// Options tune a Client; the zero value is the production setting.
type Options struct {
	Timeout      time.Duration // total, redirects and body included; 0: DefaultTimeout
	MaxBytes     int64         // body cap; 0: DefaultMaxBytes
	MaxRedirects int           // 0: DefaultMaxRedirects; negative: none followed
	UserAgent    string        // "": DefaultUserAgent

	// LookupIP resolves a host name; nil uses the system resolver. Tests set
	// it to point public-looking names at loopback. Whatever it returns is
	// still checked when dialed.
	LookupIP func(ctx context.Context, host string) ([]netip.Addr, error)
	// AllowedTestAddrs lists exact "ip:port" destinations let through the
	// address and port checks. Only tests set it (for their httptest servers).
	AllowedTestAddrs []string
	// AllowLoopback lets through loopback addresses (127.0.0.0/8, ::1) on
	// any port: servers of one machine talking to each other in tests.
	// Only a caller whose configuration refuses it in production sets it.
	AllowLoopback bool
	// AnyPort lifts the 80/443 port restriction. Only tests set it, so that
	// their refusals come from the address check alone.
	AnyPort bool
}

// Response is a fully read answer.
type Response struct {
	URL         *url.URL // after redirects
	StatusCode  int
	ContentType string // media type, lowercased, without parameters
	Body        []byte
}

// Client fetches URLs supplied by members. Safe for concurrent use.
type Client struct {
	http *http.Client
	// noRedirect shares http's transport (and so its guard) for Post.
	noRedirect *http.Client
	guard      *guard
	lookup     func(ctx context.Context, host string) ([]netip.Addr, error)
	maxBytes   int64
	agent      string
}

// New builds a Client.
func New(o Options) *Client {
	if o.Timeout <= 0 {
		o.Timeout = DefaultTimeout
	}
	if o.MaxBytes <= 0 {
		o.MaxBytes = DefaultMaxBytes
	}
	if o.MaxRedirects == 0 {
		o.MaxRedirects = DefaultMaxRedirects
	}
	if o.UserAgent == "" {
		o.UserAgent = DefaultUserAgent
	}
	c := &Client{guard: newGuard(o), lookup: o.LookupIP, maxBytes: o.MaxBytes, agent: o.UserAgent}
	if c.lookup == nil {
		c.lookup = func(ctx context.Context, host string) ([]netip.Addr, error) {
			return net.DefaultResolver.LookupNetIP(ctx, "ip", host)
		}
	}
	transport := &http.Transport{
		// Never a proxy from the environment: it would dial for us, past the guard.
		Proxy:                  nil,
		DialContext:            c.dial,
		ForceAttemptHTTP2:      true,
		TLSHandshakeTimeout:    o.Timeout,
		ResponseHeaderTimeout:  o.Timeout,
		MaxResponseHeaderBytes: 64 << 10,
		MaxIdleConns:           16,
		IdleConnTimeout:        30 * time.Second,
	}
	maxRedirects := max(o.MaxRedirects, 0)
	c.http = &http.Client{
		Transport: transport,
		Timeout:   o.Timeout,
		CheckRedirect: func(req *http.Request, via []*http.Request) error {
			if len(via) > maxRedirects {
				return ErrTooManyRedirects
			}
			// The new address is checked when dialed; the scheme and the
			// host's form are checked here.
			return checkURL(req.URL)
		},
	}
	c.noRedirect = &http.Client{Transport: transport, Timeout: o.Timeout,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	return c
}

// Get fetches rawURL and reads its body. With accept given, the answer's
// media type must be one of them (checked before the body is read).
func (c *Client) Get(ctx context.Context, rawURL string, accept ...string) (*Response, error) {
	return c.GetCapped(ctx, rawURL, c.maxBytes, accept...)
}

// GetCapped is Get with a body cap of its own (the client's when limit is
// not positive): an image may be larger than a page worth previewing.
func (c *Client) GetCapped(ctx context.Context, rawURL string, limit int64, accept ...string) (*Response, error) {
	if limit <= 0 {
		limit = c.maxBytes
	}
	u, err := url.Parse(rawURL)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrInvalidURL, err)
	}
	if err := checkURL(u); err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrInvalidURL, err)
	}
	req.Header.Set("User-Agent", c.agent)
	if len(accept) > 0 {
		req.Header.Set("Accept", strings.Join(accept, ", ")+";q=1.0, */*;q=0.1")
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, classify(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return nil, fmt.Errorf("%w: %d", ErrStatus, resp.StatusCode)
	}
	mediaType, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type"))
	mediaType = strings.ToLower(mediaType)
	if len(accept) > 0 && !slices.Contains(accept, mediaType) {
		return nil, fmt.Errorf("%w: %q", ErrContentType, mediaType)
	}
	if resp.ContentLength > limit {
		return nil, fmt.Errorf("%w: declared %d bytes", ErrTooLarge, resp.ContentLength)
	}
	body, err := readCapped(resp.Body, limit)
	if err != nil {
		return nil, classify(err)
	}
	return &Response{URL: resp.Request.URL, StatusCode: resp.StatusCode, ContentType: mediaType, Body: body}, nil
}

// Post sends body to rawURL with header and reads at most the client's
// body cap of the answer. Redirects are not followed: a POST is answered
// where it was sent (a push service does not redirect). Unlike Get, any
// status is an answer, not an error: the caller decides what it means.
func (c *Client) Post(ctx context.Context, rawURL string, header http.Header, body []byte) (*PostResponse, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrInvalidURL, err)
	}
	if err := checkURL(u); err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u.String(), bytes.NewReader(body))
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrInvalidURL, err)
	}
	for k, v := range header {
		req.Header[k] = v
	}
	req.Header.Set("User-Agent", c.agent)
	resp, err := c.noRedirect.Do(req)
	if err != nil {
		return nil, classify(err)
	}
	defer resp.Body.Close()
	answer, err := readCapped(resp.Body, c.maxBytes)
	if err != nil {
		return nil, classify(err)
	}
	return &PostResponse{StatusCode: resp.StatusCode, Header: resp.Header, Body: answer}, nil
}

// PostResponse is the answer to a Post, read whole.
type PostResponse struct {
	StatusCode int
	Header     http.Header
	Body       []byte
}

// readCapped reads at most limit+1 bytes and refuses a body longer than limit.
func readCapped(r io.Reader, limit int64) ([]byte, error) {
	body, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(body)) > limit {
		return nil, fmt.Errorf("%w: more than %d bytes", ErrTooLarge, limit)
	}
	return body, nil
}

// checkURL admits absolute http(s) URLs without credentials whose host is
// not an IPv4 number in shorthand.
func checkURL(u *url.URL) error {
	if u.Scheme != "http" && u.Scheme != "https" {
		return fmt.Errorf("%w: scheme %q", ErrInvalidURL, u.Scheme)
	}
	if u.User != nil {
		return fmt.Errorf("%w: credentials in URL", ErrInvalidURL)
	}
	host := u.Hostname()
	if host == "" {
		return fmt.Errorf("%w: no host", ErrInvalidURL)
	}
	if ambiguousHost(host) {
		return fmt.Errorf("%w: numeric host %q", ErrBlocked, host)
	}
	return nil
}

// dial resolves the host itself and dials each address; the guard (Dialer
// Control) checks the socket's actual destination before it connects.
func (c *Client) dial(ctx context.Context, network, addr string) (net.Conn, error) {
	host, portText, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, err
	}
	port, err := net.LookupPort(network, portText)
	if err != nil {
		return nil, err
	}
	var ips []netip.Addr
	if ip, err := netip.ParseAddr(host); err == nil {
		ips = []netip.Addr{ip}
	} else {
		ips, err = c.lookup(ctx, host)
		if err != nil {
			return nil, fmt.Errorf("%w: resolve %s: %v", ErrConnectionRefused, host, err)
		}
	}
	if len(ips) == 0 {
		return nil, fmt.Errorf("%w: %s has no address", ErrConnectionRefused, host)
	}
	d := &net.Dialer{Control: c.guard.control}
	var firstErr error
	for _, ip := range ips {
		conn, err := d.DialContext(ctx, network, netip.AddrPortFrom(ip, uint16(port)).String())
		if err == nil {
			return conn, nil
		}
		if firstErr == nil || (errors.Is(err, ErrBlocked) && !errors.Is(firstErr, ErrBlocked)) {
			firstErr = err
		}
	}
	return nil, firstErr
}

// classify turns transport errors into this package's sentinels, keeping
// the cause for the logs.
func classify(err error) error {
	for _, known := range []error{ErrBlocked, ErrInvalidURL, ErrTooManyRedirects, ErrTooLarge, ErrContentType, ErrConnectionRefused} {
		if errors.Is(err, known) {
			return err
		}
	}
	var ne net.Error
	if errors.Is(err, context.DeadlineExceeded) || (errors.As(err, &ne) && ne.Timeout()) {
		return fmt.Errorf("%w: %v", ErrTimeout, err)
	}
	return fmt.Errorf("%w: %v", ErrConnectionRefused, err)
}
