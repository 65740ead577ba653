package app

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"strings"
	"time"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
	posts "social/features/posts/app"
)

// MediaCopy is a remote post's file to copy into our storage: the post
// made of a Note, its author (the remote profile), the file's address on
// its server and its description (the attachment's name).
type MediaCopy struct {
	Post   domain.PostID
	Author domain.UserID
	URL    string
	Alt    string
}

// MediaQueue queues the copy of a remote post's file, in the transaction
// of ctx: the download is a job's work, never the inbox's transaction's.
type MediaQueue interface {
	EnqueueMediaCopy(ctx context.Context, c MediaCopy) error
}

// MediaPolicy says whether the pictures and videos of a server's posts
// and accounts may be copied here: not when the moderators' instance
// policy rejects its media or suspends it (InstancePolicies.MediaAllowed).
// The posts are kept, without them. nil: every server's are copied.
type MediaPolicy interface {
	MediaAllowed(ctx context.Context, host string) (bool, error)
}

// MediaFetcher downloads a file at an address of another server through
// the SSRF-safe client, within the size cap (federation.media.max_bytes)
// and the timeout. Errors wrapping ErrMediaRefused are final.
type MediaFetcher interface {
	FetchMedia(ctx context.Context, rawURL string) ([]byte, error)
}

// ErrMediaRefused is a file that no retry brings: an address that is not
// a public one, an error status, a file over the cap.
var ErrMediaRefused = errors.New("remote media refused")

// RemoteMediaStore records the files copied for remote posts, for their
// time in the cache.
type RemoteMediaStore interface {
	// MediaCopied reports whether post's file was copied already.
	MediaCopied(ctx context.Context, post domain.PostID) (bool, error)
	SaveMediaCopy(ctx context.Context, post domain.PostID, author domain.UserID, at time.Time) error
	// StaleMedia are up to limit copies made before before.
	StaleMedia(ctx context.Context, before time.Time, limit int) ([]MediaCopy, error)
	DeleteMediaCopy(ctx context.Context, post domain.PostID) error
}

// CopyRemoteMedia copies a remote post's image or video into our storage
// as the remote account's upload, checked, cleaned and made smaller as a
// member's is (posts.UploadMedia, with the description), and gives it to
// the post (posts.AttachMedia): browsers load our copy, never the other
// server. A file refused (by the instance policy, the address, its kind,
// its size) leaves the post without it, for good; a server that does not
// answer is tried again with the job. Copying twice stores one file.
type CopyRemoteMedia struct {
	Fetch  MediaFetcher
	Policy MediaPolicy
	Copies RemoteMediaStore
	Posts  posts.UseCases
	Clock  ports.Clock
	Log    *slog.Logger
}

// Handle copies c's file.
func (uc *CopyRemoteMedia) Handle(ctx context.Context, c MediaCopy) error {
	if done, err := uc.Copies.MediaCopied(ctx, c.Post); err != nil || done {
		return err
	}
	u, err := url.Parse(c.URL)
	if err != nil || u.Host == "" || u.Scheme != "https" && u.Scheme != "http" {
		uc.Log.Info("federation: remote media refused", "post", c.Post, "reason", "address")
		return nil
	}
	if rejected, err := RejectsMedia(ctx, uc.Policy, u.Host); err != nil || rejected {
		return err
	}
	data, err := uc.Fetch.FetchMedia(ctx, c.URL)
	if errors.Is(err, ErrMediaRefused) {
		uc.Log.Info("federation: remote media refused", "post", c.Post, "error", err)
		return nil
	}
	if err != nil {
		return fmt.Errorf("fetch media of post %s: %w", c.Post, err)
	}
	// The bytes say what the file is, whatever the other server named it;
	// a description is an image's alone.
	kind, ok := domain.SniffPostMedia(data[:min(len(data), domain.PostMediaSniffLen)])
	if !ok {
		uc.Log.Info("federation: remote media refused", "post", c.Post, "reason", "type")
		return nil
	}
	alt := altText(c.Alt)
	if kind.Type != domain.PostImage {
		alt = ""
	}
	author := domain.Viewer{UserID: c.Author, Role: domain.RoleMember}
	up, err := uc.Posts.Upload.Handle(ctx, author, &posts.MediaFile{Body: bytes.NewReader(data), Size: int64(len(data))}, alt)
	if err == nil {
		err = uc.Posts.Attach.Handle(ctx, author, c.Post, up.ID)
	}
	var refused *errs.Error
	if errors.As(err, &refused) && refused.Kind != errs.KindUnavailable {
		// Not an image or video we take, too large, or the post gone.
		uc.Log.Info("federation: remote media refused", "post", c.Post, "code", refused.Code)
		return nil
	}
	if err != nil {
		return err
	}
	return uc.Copies.SaveMediaCopy(ctx, c.Post, c.Author, uc.Clock.Now())
}

// RejectsMedia asks policy (nil: nothing is refused) about host.
func RejectsMedia(ctx context.Context, policy MediaPolicy, host string) (bool, error) {
	if policy == nil {
		return false, nil
	}
	allowed, err := policy.MediaAllowed(ctx, strings.ToLower(host))
	return !allowed, err
}

// altText is a description within what a member may write (longer ones
// cut), so a long one does not cost the picture.
func altText(s string) string {
	s = strings.TrimSpace(s)
	if _, err := posts.ImageAlt(s); err == nil {
		return s
	}
	return cutText(s, domain.ImageAltMaxRunes)
}

// ExpireRemoteMedia takes away the copies of remote posts' files older
// than the cache's lifetime (federation.media.cache_days): the post stays,
// as its text alone; the original stays on its server, one link away. Run
// again, it finds nothing more to do.
type ExpireRemoteMedia struct {
	Copies   RemoteMediaStore
	Posts    posts.UseCases
	Lifetime time.Duration
	Clock    ports.Clock
}

// expireBatch bounds one pass's reads.
const expireBatch = 200

// Handle expires the stale copies and answers how many.
func (uc *ExpireRemoteMedia) Handle(ctx context.Context) (int, error) {
	before := uc.Clock.Now().Add(-uc.Lifetime)
	total := 0
	for {
		stale, err := uc.Copies.StaleMedia(ctx, before, expireBatch)
		if err != nil {
			return total, err
		}
		for _, c := range stale {
			author := domain.Viewer{UserID: c.Author, Role: domain.RoleMember}
			if err := uc.Posts.DropMedia.Handle(ctx, author, c.Post); err != nil {
				return total, err
			}
			if err := uc.Copies.DeleteMediaCopy(ctx, c.Post); err != nil {
				return total, err
			}
		}
		total += len(stale)
		if len(stale) < expireBatch {
			return total, nil
		}
	}
}

// attachment is what is read of a Note's attachment.
type attachment struct {
	Type      string          `json:"type"`
	MediaType string          `json:"mediaType"`
	URL       json.RawMessage `json:"url"`
	Name      string          `json:"name"`
}

// firstMedia is the address and description of the first image or video
// a Note's attachments hold (posts here carry one file).
func firstMedia(raw json.RawMessage) (string, string, bool) {
	var list []attachment
	if json.Unmarshal(raw, &list) != nil {
		var one attachment
		if json.Unmarshal(raw, &one) != nil {
			return "", "", false
		}
		list = []attachment{one}
	}
	for _, a := range list {
		kind := strings.ToLower(a.MediaType)
		switch {
		case a.Type == "Image" || a.Type == "Video", a.Type == "Document" &&
			(strings.HasPrefix(kind, "image/") || strings.HasPrefix(kind, "video/")):
		default:
			continue
		}
		if u := linkHref(a.URL); u != "" {
			return u, a.Name, true
		}
	}
	return "", "", false
}

// linkHref is an address given as a string, a Link, or a list of either
// (the first).
func linkHref(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var link struct {
		Href string `json:"href"`
	}
	if json.Unmarshal(raw, &link) == nil && link.Href != "" {
		return link.Href
	}
	var many []json.RawMessage
	if json.Unmarshal(raw, &many) == nil && len(many) > 0 {
		return linkHref(many[0])
	}
	return ""
}
