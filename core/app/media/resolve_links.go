package media

import (
	"context"
	"strings"
	"time"

	"social/core/domain"
	"social/core/errs"
)

// Spec texts (spec 000 sections 6 and 8).
const (
	MsgNotAuthenticated  = "User not authenticated"
	MsgFailedToLoad      = "Failed to load media"
	CodeNotAuthenticated = "unauthenticated"
	CodeTooMany          = "too_many_media_links"
	MsgTooMany           = "Muitos links pedidos de uma vez."
)

// MaxLinksPerCall bounds one batch.
const MaxLinksPerCall = 100

// LinkSigner makes a loadable link for a stored path (ports.BlobStore does).
type LinkSigner interface {
	SignedURL(ctx context.Context, key string, ttl time.Duration) (string, error)
}

// LinkRequest is one path to resolve; PostID or StoryID say what it belongs to.
type LinkRequest struct {
	PostID  string
	StoryID string
	Path    string
}

// LinkResult is a URL or an error, never both.
type LinkResult struct {
	URL   string
	Error string
}

// ResolveLinks turns storage paths into signed links, in request order.
type ResolveLinks struct {
	Signer LinkSigner
	TTL    time.Duration
}

// publicPrefixes are paths any signed-in member may load: profile pictures.
// Media of posts and stories join when those exist, checked against the
// post's or story's visibility for the viewer.
var publicPrefixes = []string{"avatars/", "banners/"}

// Handle needs a signed-in viewer; a path that is malformed, outside what
// the viewer may load, or unsignable gets the spec's per-item error.
func (uc *ResolveLinks) Handle(ctx context.Context, viewer domain.Viewer, reqs []LinkRequest) ([]LinkResult, error) {
	if !viewer.SignedIn() {
		return nil, errs.Unauthenticated(CodeNotAuthenticated, MsgNotAuthenticated)
	}
	if len(reqs) > MaxLinksPerCall {
		return nil, errs.Invalid(CodeTooMany, MsgTooMany, nil)
	}
	out := make([]LinkResult, len(reqs))
	for i, r := range reqs {
		if !allowed(r.Path) {
			out[i] = LinkResult{Error: MsgFailedToLoad}
			continue
		}
		url, err := uc.Signer.SignedURL(ctx, r.Path, uc.TTL)
		if err != nil {
			out[i] = LinkResult{Error: MsgFailedToLoad}
			continue
		}
		out[i] = LinkResult{URL: url}
	}
	return out, nil
}

func allowed(path string) bool {
	for _, p := range publicPrefixes {
		if strings.HasPrefix(path, p) {
			return true
		}
	}
	return false
}
