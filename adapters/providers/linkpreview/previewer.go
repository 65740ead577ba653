package linkpreview

import (
	"container/list"
	"context"
	"errors"
	"net/url"
	"strings"
	"sync"
	"time"

	"golang.org/x/sync/singleflight"

	"social/adapters/providers/safefetch"
	"social/core/errs"
	"social/core/ports"
)

// Error codes and pt-BR messages of Preview (documented on ports.LinkPreviewer).
const (
	MsgInvalidURL       = "Link inválido. Use um endereço http ou https."
	MsgBlocked          = "Este endereço não pode ser pré-visualizado."
	MsgTooManyRedirects = "O link redireciona vezes demais."
	MsgNotHTML          = "O link não aponta para uma página da web."
	MsgTooLarge         = "A página é grande demais para gerar a prévia."
	MsgTimeout          = "O site demorou demais para responder."
	MsgUnreachable      = "Não foi possível carregar a prévia do link."
)

// Defaults of Options.
const (
	DefaultCacheTTL  = 30 * time.Minute
	DefaultCacheSize = 1000
	maxURLLength     = 2048
)

// htmlTypes are the answers a preview is read from.
var htmlTypes = []string{"text/html", "application/xhtml+xml"}

// Options tune a Previewer; the zero value is the production setting.
type Options struct {
	CacheTTL  time.Duration // 0: DefaultCacheTTL
	CacheSize int           // entries; 0: DefaultCacheSize
	Now       func() time.Time
}

// Previewer implements ports.LinkPreviewer. Successful previews are cached
// per normalised URL; failures are not (the API's rate limit guards them),
// and concurrent requests for one URL share one fetch.
type Previewer struct {
	fetch *safefetch.Client
	ttl   time.Duration
	size  int
	now   func() time.Time

	group singleflight.Group
	mu    sync.Mutex
	items map[string]*list.Element
	order *list.List // front: oldest insertion
}

type cacheEntry struct {
	key     string
	preview ports.LinkPreview
	expires time.Time
}

var _ ports.LinkPreviewer = (*Previewer)(nil)

// New builds a Previewer fetching through client.
func New(client *safefetch.Client, o Options) *Previewer {
	if o.CacheTTL <= 0 {
		o.CacheTTL = DefaultCacheTTL
	}
	if o.CacheSize <= 0 {
		o.CacheSize = DefaultCacheSize
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	return &Previewer{fetch: client, ttl: o.CacheTTL, size: o.CacheSize, now: o.Now,
		items: map[string]*list.Element{}, order: list.New()}
}

// Preview returns the preview of rawURL (see ports.LinkPreviewer).
func (p *Previewer) Preview(ctx context.Context, rawURL string) (ports.LinkPreview, error) {
	key, err := Normalize(rawURL)
	if err != nil {
		return ports.LinkPreview{}, err
	}
	if lp, ok := p.cached(key); ok {
		return lp, nil
	}
	// The shared fetch outlives a caller that gives up, so the others still
	// get their answer; safefetch's total timeout bounds it.
	shared := context.WithoutCancel(ctx)
	ch := p.group.DoChan(key, func() (any, error) {
		if lp, ok := p.cached(key); ok {
			return lp, nil
		}
		lp, err := p.load(shared, key)
		if err != nil {
			return nil, err
		}
		p.store(key, lp)
		return lp, nil
	})
	select {
	case <-ctx.Done():
		return ports.LinkPreview{}, mapError(ctx.Err())
	case res := <-ch:
		if res.Err != nil {
			return ports.LinkPreview{}, res.Err
		}
		return res.Val.(ports.LinkPreview), nil
	}
}

func (p *Previewer) load(ctx context.Context, key string) (ports.LinkPreview, error) {
	resp, err := p.fetch.Get(ctx, key, htmlTypes...)
	if err != nil {
		return ports.LinkPreview{}, mapError(err)
	}
	lp := ParsePreview(resp.Body, resp.URL)
	lp.URL = key
	return lp, nil
}

// Normalize gives the cache key and the URL fetched: an absolute http(s)
// URL with lowercased scheme and host, no default port, no fragment, and
// "/" for an empty path.
func Normalize(rawURL string) (string, error) {
	raw := strings.TrimSpace(rawURL)
	if raw == "" || len(raw) > maxURLLength {
		return "", errs.Invalid(ports.LinkPreviewCodeInvalidURL, MsgInvalidURL, nil)
	}
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" || u.Opaque != "" {
		return "", errs.Invalid(ports.LinkPreviewCodeInvalidURL, MsgInvalidURL, nil)
	}
	u.Scheme = strings.ToLower(u.Scheme)
	if u.Scheme != "http" && u.Scheme != "https" {
		return "", errs.Invalid(ports.LinkPreviewCodeInvalidURL, MsgInvalidURL, nil)
	}
	if u.User != nil {
		return "", errs.Invalid(ports.LinkPreviewCodeInvalidURL, MsgInvalidURL, nil)
	}
	u.Host = strings.ToLower(u.Host)
	if port := u.Port(); (u.Scheme == "http" && port == "80") || (u.Scheme == "https" && port == "443") {
		u.Host = strings.TrimSuffix(u.Host, ":"+port)
	}
	u.Fragment, u.RawFragment = "", ""
	if u.Path == "" {
		u.Path = "/"
	}
	return u.String(), nil
}

// mapError turns a fetch failure into the port's errors, keeping the cause
// for the logs.
func mapError(err error) error {
	e := func(kind errs.Kind, code, msg string) error {
		return &errs.Error{Kind: kind, Code: code, Message: msg, Cause: err}
	}
	switch {
	case errors.Is(err, safefetch.ErrInvalidURL):
		return e(errs.KindInvalid, ports.LinkPreviewCodeInvalidURL, MsgInvalidURL)
	case errors.Is(err, safefetch.ErrBlocked):
		return e(errs.KindInvalid, ports.LinkPreviewCodeBlocked, MsgBlocked)
	case errors.Is(err, safefetch.ErrTooManyRedirects):
		return e(errs.KindInvalid, ports.LinkPreviewCodeTooManyRedirects, MsgTooManyRedirects)
	case errors.Is(err, safefetch.ErrContentType):
		return e(errs.KindInvalid, ports.LinkPreviewCodeNotHTML, MsgNotHTML)
	case errors.Is(err, safefetch.ErrTooLarge):
		return e(errs.KindTooLarge, ports.LinkPreviewCodeTooLarge, MsgTooLarge)
	case errors.Is(err, safefetch.ErrTimeout), errors.Is(err, context.DeadlineExceeded), errors.Is(err, context.Canceled):
		return e(errs.KindUnavailable, ports.LinkPreviewCodeTimeout, MsgTimeout)
	default:
		return e(errs.KindUnavailable, ports.LinkPreviewCodeUnreachable, MsgUnreachable)
	}
}

func (p *Previewer) cached(key string) (ports.LinkPreview, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	el, ok := p.items[key]
	if !ok {
		return ports.LinkPreview{}, false
	}
	ent := el.Value.(*cacheEntry)
	if !p.now().Before(ent.expires) {
		p.order.Remove(el)
		delete(p.items, key)
		return ports.LinkPreview{}, false
	}
	return ent.preview, true
}

func (p *Previewer) store(key string, lp ports.LinkPreview) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if el, ok := p.items[key]; ok {
		p.order.Remove(el)
		delete(p.items, key)
	}
	for p.order.Len() >= p.size {
		oldest := p.order.Front()
		p.order.Remove(oldest)
		delete(p.items, oldest.Value.(*cacheEntry).key)
	}
	p.items[key] = p.order.PushBack(&cacheEntry{key: key, preview: lp, expires: p.now().Add(p.ttl)})
}
