// Package httpapi serves POST /api/v1/media/links: many storage paths
// resolved to loadable links in one call.
package httpapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"social/config"
	"social/core/domain"
	"social/core/ports"
	media "social/features/media/app"
	"social/kit/httpkit"
	"social/kit/plugin"
)

type linkRequest struct {
	PostID  string `json:"post_id,omitempty" doc:"Post the media belongs to; required for paths under posts/."`
	StoryID string `json:"story_id,omitempty" doc:"Story the media belongs to."`
	Path    string `json:"path" doc:"Storage path, e.g. avatars/<id>/avatar-<ms>.jpg." maxLength:"512"`
}

type linkResult struct {
	URL   string `json:"url,omitempty" doc:"Link the browser can load until it expires."`
	Error string `json:"error,omitempty" doc:"Why this path has no link."`
}

type linksInput struct {
	Body struct {
		Requests []linkRequest `json:"requests" maxItems:"100"`
	}
}

type linksOutput struct {
	Body struct {
		Results []linkResult `json:"results" doc:"One per request, in request order."`
	}
}

// NewRoutes registers the operation with its use case; posts' files are
// checked against the posts, read by the posts feature's store.
func NewRoutes(blobs ports.BlobStore, cfg *config.Config, posts media.PostReader) plugin.Routes {
	uc := &media.ResolveLinks{Signer: blobs, Posts: posts, TTL: cfg.Storage.URLTTL}
	return plugin.Routes{Register: func(api huma.API) {
		huma.Register(api, huma.Operation{
			OperationID: "resolve-media-links",
			Method:      http.MethodPost,
			Path:        "/media/links",
			Summary:     "Resolve storage paths to signed links, in request order",
			Tags:        []string{"media"},
			Security:    httpkit.Bearer, Metadata: httpkit.Refuses(httpkit.Refusals{422: {media.CodeTooMany}}),
		}, func(ctx context.Context, in *linksInput) (*linksOutput, error) {
			reqs := make([]media.LinkRequest, len(in.Body.Requests))
			for i, r := range in.Body.Requests {
				reqs[i] = media.LinkRequest{PostID: r.PostID, Path: r.Path}
				if r.StoryID != "" {
					reqs[i].Owner = media.LinkOwner{Kind: "story", ID: r.StoryID}
				}
			}
			results, err := uc.Handle(ctx, domain.ViewerFrom(ctx), reqs)
			if err != nil {
				return nil, err
			}
			out := &linksOutput{}
			out.Body.Results = make([]linkResult, len(results))
			for i, r := range results {
				out.Body.Results[i] = linkResult{URL: r.URL, Error: r.Error}
			}
			return out, nil
		})
	}}
}
