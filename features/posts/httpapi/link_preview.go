package httpapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"social/core/domain"
	"social/core/ports"
	posts "social/features/posts/app"
	"social/kit/httpkit"
)

// LinkPreviewForm is the composer's link.
type LinkPreviewForm struct {
	URL string `json:"url" maxLength:"2048" doc:"An absolute http(s) URL."`
}

// LinkPreview is a page's preview (url, title, description, image,
// siteName); empty strings for what the page does not say.
type LinkPreview struct {
	URL         string `json:"url"`
	Title       string `json:"title"`
	Description string `json:"description"`
	Image       string `json:"image" doc:"Absolute http(s) URL, or empty."`
	SiteName    string `json:"siteName"`
}

func registerLinkPreview(api huma.API, uc *posts.PreviewLink) {
	huma.Register(api, huma.Operation{
		OperationID: "preview-link", Method: http.MethodPost, Path: "/link-preview",
		Summary: "Preview a link while composing a post (30 a minute per member)", Tags: []string{"posts"},
		Security: httpkit.Bearer, Metadata: httpkit.Refuses(httpkit.Refusals{413: {ports.LinkPreviewCodeTooLarge}, 422: {posts.CodeInvalid, ports.LinkPreviewCodeInvalidURL, ports.LinkPreviewCodeBlocked, ports.LinkPreviewCodeTooManyRedirects, ports.LinkPreviewCodeNotHTML}, 429: {posts.CodePreviewRateLimit}, 503: {ports.LinkPreviewCodeTimeout, ports.LinkPreviewCodeUnreachable}}),
	}, func(ctx context.Context, in *struct{ Body LinkPreviewForm }) (*struct{ Body LinkPreview }, error) {
		lp, err := uc.Handle(ctx, domain.ViewerFrom(ctx), in.Body.URL)
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		return &struct{ Body LinkPreview }{Body: LinkPreview{URL: lp.URL, Title: lp.Title,
			Description: lp.Description, Image: lp.Image, SiteName: lp.SiteName}}, nil
	})
}
