package ports

import "context"

// LinkPreview is what a page says about itself (url, title, description,
// image, siteName). Any field but URL may
// be empty; Image, when set, is an absolute http(s) URL.
type LinkPreview struct {
	URL         string
	Title       string
	Description string
	Image       string
	SiteName    string
}

// LinkPreviewer fetches a member's link (safely: never an internal address)
// and reads its preview. Errors are core/errs errors, their Message shown as
// 'Erro: {message}' in the preview area:
//
//   - KindInvalid, link_preview_invalid_url: not an absolute http(s) URL
//   - KindInvalid, link_preview_blocked: the address (or a redirect's) is
//     internal, private or otherwise refused
//   - KindInvalid, link_preview_too_many_redirects: more than 3 redirects
//   - KindInvalid, link_preview_not_html: the answer is not an HTML page
//   - KindTooLarge, link_preview_too_large: the page exceeds 1 MiB
//   - KindUnavailable, link_preview_timeout: the site took too long
//   - KindUnavailable, link_preview_unreachable: connection failed or the
//     site answered with an error status
type LinkPreviewer interface {
	Preview(ctx context.Context, rawURL string) (LinkPreview, error)
}

// Error codes of ports.LinkPreviewer.Preview, stated here so that the API
// that serves previews can list them without knowing the adapter.
const (
	LinkPreviewCodeInvalidURL       = "link_preview_invalid_url"
	LinkPreviewCodeBlocked          = "link_preview_blocked"
	LinkPreviewCodeTooManyRedirects = "link_preview_too_many_redirects"
	LinkPreviewCodeNotHTML          = "link_preview_not_html"
	LinkPreviewCodeTooLarge         = "link_preview_too_large"
	LinkPreviewCodeTimeout          = "link_preview_timeout"
	LinkPreviewCodeUnreachable      = "link_preview_unreachable"
)
