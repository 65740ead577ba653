package app

import (
	"context"
	"fmt"
	"strings"
	"time"

	"social/core/domain"
	"social/core/errs"
)

// Texts and codes of media link answers.
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

// PostReader reads the named posts in one query; a post that does not
// exist is simply absent from the answer.
type PostReader interface {
	PostsByID(ctx context.Context, viewer domain.UserID, ids []domain.PostID) (map[domain.PostID]domain.Post, error)
}

// LinkRequest is one path to resolve. PostID or Owner say what it belongs to.
type LinkRequest struct {
	PostID string
	Owner  LinkOwner
	Path   string
}

// LinkOwner names what a file belongs to besides a post: something a plugin
// keeps, Kind being the API's name for it and ID its identifier. No owner
// of that sort grants a link here: such a path resolves only when it is a
// profile picture.
type LinkOwner struct {
	Kind string
	ID   string
}

// LinkResult is a URL or an error, never both.
type LinkResult struct {
	URL   string
	Error string
}

// ResolveLinks turns storage paths into signed links, in request order.
type ResolveLinks struct {
	Signer LinkSigner
	Posts  PostReader
	TTL    time.Duration
}

// publicPrefixes are paths any signed-in member may load: profile pictures.
var publicPrefixes = []string{"avatars/", "banners/"}

// postPrefix holds the files of posts: a path there resolves only with the
// post_id of a post the viewer may read whose file it is. Any other path
// fails, whatever LinkOwner it names.
const postPrefix = "posts/"

// Handle needs a signed-in viewer; a path that is malformed, outside what
// the viewer may load, or unsignable gets the per-item error 'Failed to load
// media' while the other items resolve.
func (uc *ResolveLinks) Handle(ctx context.Context, viewer domain.Viewer, reqs []LinkRequest) ([]LinkResult, error) {
	if !viewer.SignedIn() {
		return nil, errs.Unauthenticated(CodeNotAuthenticated, MsgNotAuthenticated)
	}
	if len(reqs) > MaxLinksPerCall {
		return nil, errs.Invalid(CodeTooMany, MsgTooMany, nil)
	}
	posts, err := uc.posts(ctx, viewer, reqs)
	if err != nil {
		return nil, err
	}
	out := make([]LinkResult, len(reqs))
	for i, r := range reqs {
		if !allowed(viewer, r, posts) {
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

// posts reads, in one query, the posts named by requests for post files.
func (uc *ResolveLinks) posts(ctx context.Context, viewer domain.Viewer, reqs []LinkRequest) (map[domain.PostID]domain.Post, error) {
	var ids []domain.PostID
	for _, r := range reqs {
		if !strings.HasPrefix(r.Path, postPrefix) || r.PostID == "" {
			continue
		}
		if id, err := domain.ParsePostID(r.PostID); err == nil {
			ids = append(ids, id)
		}
	}
	if len(ids) == 0 {
		return nil, nil
	}
	posts, err := uc.Posts.PostsByID(ctx, viewer.UserID, ids)
	if err != nil {
		return nil, fmt.Errorf("read posts of media links: %w", err)
	}
	return posts, nil
}

func allowed(viewer domain.Viewer, r LinkRequest, posts map[domain.PostID]domain.Post) bool {
	if strings.HasPrefix(r.Path, postPrefix) {
		id, err := domain.ParsePostID(r.PostID)
		if err != nil {
			return false
		}
		p, ok := posts[id]
		return ok && p.VisibleTo(viewer) && p.MediaPath != nil && *p.MediaPath == r.Path
	}
	for _, p := range publicPrefixes {
		if strings.HasPrefix(r.Path, p) {
			return true
		}
	}
	return false
}
