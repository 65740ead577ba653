package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
)

// PreviewWriter reads a post and stores its link preview.
type PreviewWriter interface {
	ByID(ctx context.Context, id domain.PostID) (domain.Post, error)
	SetLinkPreview(ctx context.Context, id domain.PostID, lp domain.PostLinkPreview) error
}

// ImageCopier keeps the server's copy of an image at an outside address
// under base plus its extension and answers the key
// (media.CopyRemoteImage); errors wrapping ports.ErrRemoteImageRefused are
// final.
type ImageCopier interface {
	Handle(ctx context.Context, rawURL, base string) (string, error)
}

// ErrPreviewFinal marks a preview failure that retrying cannot fix.
var ErrPreviewFinal = errors.New("link preview failed for good")

// FillLinkPreview fills a post's five preview fields from the first http(s)
// URL of its text. The page's image is copied into media storage once, so
// that readers' browsers load our copy and never an address the page (or
// whoever wrote it) chose. Running it again is harmless: a preview of the
// same link that already has its copy keeps it; a deleted post or a text
// without URL is done. A copy that failed in a way that may pass is
// retried with the job, the preview showing without its picture meanwhile.
type FillLinkPreview struct {
	Posts    PreviewWriter
	Previews ports.LinkPreviewer
	// Images copies the page's image; nil stores previews without one.
	Images ImageCopier
	Clock  ports.Clock
	Log    *slog.Logger
}

// Handle fetches and stores; errors wrapping ErrPreviewFinal are final.
func (uc *FillLinkPreview) Handle(ctx context.Context, id domain.PostID) error {
	p, err := uc.Posts.ByID(ctx, id)
	if errors.Is(err, domain.ErrNotFound) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("read post %s: %w", id, err)
	}
	if p.TextContent == nil {
		return nil
	}
	u := domain.FirstURL(*p.TextContent)
	if u == "" {
		return nil
	}
	lp, err := uc.Previews.Preview(ctx, u)
	if err != nil {
		if e, ok := errs.As(err); ok && (e.Kind == errs.KindInvalid || e.Kind == errs.KindTooLarge) {
			return fmt.Errorf("%w: %s: %w", ErrPreviewFinal, u, err)
		}
		return fmt.Errorf("preview %s: %w", u, err)
	}
	stored := domain.PostLinkPreview{URL: opt(lp.URL), Title: opt(lp.Title),
		Description: opt(lp.Description), SiteName: opt(lp.SiteName)}
	var imageErr error
	if old := p.LinkPreview; old.ImagePath != nil && old.URL != nil && *old.URL == lp.URL {
		stored.ImagePath = old.ImagePath
	} else {
		stored.ImagePath, imageErr = uc.copyImage(ctx, p, lp.Image)
	}
	if err := uc.Posts.SetLinkPreview(ctx, id, stored); err != nil {
		return err
	}
	if imageErr != nil {
		// The preview shows without its picture meanwhile; the retry
		// copies the picture.
		return fmt.Errorf("image of the preview of post %s: %w", id, imageErr)
	}
	return nil
}

// copyImage answers the key of the copy of the page's image, or nil: a
// picture that cannot be had leaves the preview without one rather than
// holding the whole preview back. A failure that may pass (the image host
// timing out, the store unreachable) is answered too, so that the job is
// retried for the picture; a picture refused for good is not.
func (uc *FillLinkPreview) copyImage(ctx context.Context, p domain.Post, image string) (*string, error) {
	if image == "" || uc.Images == nil {
		return nil, nil
	}
	// Beside the author's files, so a post's deletion takes it along.
	base := fmt.Sprintf("posts/%s/%d-%s-preview", p.AuthorID, uc.Clock.Now().UnixMilli(), shortRandom())
	key, err := uc.Images.Handle(ctx, image, base)
	if errors.Is(err, ports.ErrRemoteImageRefused) {
		uc.Log.InfoContext(ctx, "link preview without its image", "post", p.ID.String(), "err", err)
		return nil, nil
	}
	if err != nil {
		uc.Log.WarnContext(ctx, "link preview without its image for now", "post", p.ID.String(), "err", err)
		return nil, err
	}
	return &key, nil
}

func opt(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}
