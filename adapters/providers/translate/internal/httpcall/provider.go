package httpcall

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"time"

	"social/core/ports"
)

// Options are what every translation adapter is configured with.
type Options struct {
	// URL is the provider's base address; each adapter says what an empty
	// one means (a default host, or a refusal).
	URL     string
	APIKey  string
	Timeout time.Duration
}

// Provider is a translation service as its adapter calls it: one endpoint,
// its key, and a client that gives up after the timeout. Its errors name
// the provider.
type Provider struct {
	name     string
	endpoint string
	apiKey   string
	client   *http.Client
}

// NewProvider checks what every adapter needs (a base URL, a positive
// timeout) and joins base and path into the endpoint.
func NewProvider(name, base, path string, o Options) (Provider, error) {
	if base == "" {
		return Provider{}, fmt.Errorf("%s: the server URL is required", name)
	}
	if o.Timeout <= 0 {
		return Provider{}, fmt.Errorf("%s: the timeout must be positive", name)
	}
	return Provider{name: name, endpoint: strings.TrimRight(base, "/") + path, apiKey: o.APIKey, client: Client(o.Timeout)}, nil
}

// APIKey is the configured key ("" when none).
func (p Provider) APIKey() string { return p.apiKey }

// Target splits the language asked for (Language); a tag that is not a
// language code is translation_failed.
func (p Provider) Target(tag string) (primary, region string, err error) {
	primary, region, ok := Language(tag)
	if !ok {
		return "", "", ports.ErrTranslationFailed(fmt.Errorf("%s: target language %q is not a language code", p.name, tag))
	}
	return primary, region, nil
}

// Post sends body to the endpoint with headers (PostJSON).
func (p Provider) Post(ctx context.Context, headers map[string]string, body any) (Response, error) {
	return PostJSON(ctx, p.client, p.endpoint, headers, body)
}

// Call posts body to the endpoint and decodes a 200 answer into out. Any
// other status goes to refused, the adapter's own reading of its provider's
// failures (rate limit, account out of credits, the rest).
func (p Provider) Call(ctx context.Context, headers map[string]string, body, out any, refused func(Response) error) error {
	resp, err := p.Post(ctx, headers, body)
	if err != nil {
		return err
	}
	if resp.Status != http.StatusOK {
		return refused(resp)
	}
	return Decode(resp, out)
}

// Unexpected describes an answer the adapter does not accept, naming the
// provider (the package's Unexpected).
func (p Provider) Unexpected(r Response) error { return fmt.Errorf("%s: %w", p.name, Unexpected(r)) }

// Failed is translation_failed for a reason the adapter found in an
// answer, naming the provider.
func (p Provider) Failed(format string, args ...any) error {
	return ports.ErrTranslationFailed(fmt.Errorf("%s: "+format, append([]any{p.name}, args...)...))
}

// Blank reports whether text has nothing to translate: adapters answer ""
// without calling the provider.
func Blank(text string) bool { return strings.TrimSpace(text) == "" }
