package httpapi

import (
	"net/http"

	"social/core/domain"
)

// domainBlockEndpoints are Mastodon's user domain blocks over the safety
// feature's use cases: the list is every server the viewer blocks, newest
// first, in one page (at most 1,000; no Link header), and a block or its
// removal answers an empty object as Mastodon does.
func domainBlockEndpoints(a accounts) []Endpoint {
	return []Endpoint{
		{Method: http.MethodGet, Path: "/api/v1/domain_blocks", Scopes: domain.ScopeReadBlocks, Handle: a.domainBlocks},
		{Method: http.MethodPost, Path: "/api/v1/domain_blocks", Scopes: domain.ScopeWriteBlocks, Handle: a.blockDomain},
		{Method: http.MethodDelete, Path: "/api/v1/domain_blocks", Scopes: domain.ScopeWriteBlocks, Handle: a.unblockDomain},
	}
}

func (a accounts) domainBlocks(r *Request) (any, error) {
	blocks, err := a.Safety.ListDomainBlocks.Handle(r.Context(), r.Viewer)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(blocks))
	for i, b := range blocks {
		out[i] = b.Domain
	}
	return out, nil
}

func (a accounts) blockDomain(r *Request) (any, error) {
	if _, err := a.Safety.BlockDomain.Handle(r.Context(), r.Viewer, r.String("domain")); err != nil {
		return nil, err
	}
	return struct{}{}, nil
}

func (a accounts) unblockDomain(r *Request) (any, error) {
	if err := a.Safety.UnblockDomain.Handle(r.Context(), r.Viewer, r.String("domain")); err != nil {
		return nil, err
	}
	return struct{}{}, nil
}
