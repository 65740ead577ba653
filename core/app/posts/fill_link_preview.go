package posts

import (
	"context"
	"errors"
	"fmt"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
)

// PreviewWriter reads a post and stores its link preview.
type PreviewWriter interface {
	ByID(ctx context.Context, id domain.PostID) (domain.Post, error)
	SetLinkPreview(ctx context.Context, id domain.PostID, lp domain.PostLinkPreview) error
}

// ErrPreviewFinal marks a preview failure that retrying cannot fix.
var ErrPreviewFinal = errors.New("link preview failed for good")

// FillLinkPreview fills a post's five preview fields from the first http(s)
// URL of its text. Running it again is harmless: it rewrites the same
// fields; a deleted post or a text without URL is done.
type FillLinkPreview struct {
	Posts    PreviewWriter
	Previews ports.LinkPreviewer
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
	return uc.Posts.SetLinkPreview(ctx, id, domain.PostLinkPreview{URL: opt(lp.URL), Title: opt(lp.Title),
		Description: opt(lp.Description), ImageURL: opt(lp.Image), SiteName: opt(lp.SiteName)})
}

func opt(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}
