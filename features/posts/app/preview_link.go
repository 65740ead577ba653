package app

import (
	"context"
	"fmt"
	"strings"
	"time"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
)

// Link preview limits: attempts per member per minute by default
// (rate_limits.link_preview_per_member).
const (
	PreviewLinkPerMember = 30
	PreviewLinkWindow    = time.Minute
)

// Texts and codes of the composer's link preview.
const (
	MsgNoUserPreview      = "Você precisa estar logado para pré-visualizar links."
	MsgPreviewTooMany     = "Muitas tentativas"
	MsgPreviewWait        = "Muitas pré-visualizações de links. Tente novamente em um minuto."
	CodePreviewRateLimit  = "rate_limited"
	MsgPreviewURLRequired = "Informe o link."
)

// PreviewLink previews a URL the member is typing in the composer, through
// the same SSRF-safe previewer the post job uses, rate limited per member.
type PreviewLink struct {
	Limiter   ports.RateLimiter
	PerMember int // previews per member per PreviewLinkWindow
	Previews  ports.LinkPreviewer
}

// Handle returns the preview or the previewer's error (pt-BR message).
func (uc *PreviewLink) Handle(ctx context.Context, viewer domain.Viewer, rawURL string) (ports.LinkPreview, error) {
	if !viewer.SignedIn() {
		return ports.LinkPreview{}, errs.Unauthenticated(CodeUnauthenticated, MsgNoUserPreview)
	}
	rawURL = strings.TrimSpace(rawURL)
	if rawURL == "" {
		return ports.LinkPreview{}, errs.Invalid(CodeInvalid, MsgPreviewURLRequired, map[string]string{"url": MsgPreviewURLRequired})
	}
	wait, err := uc.Limiter.Take(ctx, ports.RateRule{Bucket: "link_preview_member", Key: viewer.UserID.String(),
		Limit: uc.PerMember, Window: PreviewLinkWindow})
	if err != nil {
		return ports.LinkPreview{}, fmt.Errorf("rate limit link preview: %w", err)
	}
	if wait > 0 {
		return ports.LinkPreview{}, errs.RateLimited(CodePreviewRateLimit, MsgPreviewTooMany, MsgPreviewWait, wait)
	}
	return uc.Previews.Preview(ctx, rawURL)
}
