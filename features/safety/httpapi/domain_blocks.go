package httpapi

import (
	"context"
	"net/http"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"social/core/domain"
	safety "social/features/safety/app"
	"social/kit/httpkit"
)

// DomainBlock is one of the viewer's blocks of a whole server.
type DomainBlock struct {
	Domain    string    `json:"domain" doc:"The server's host, with its port when not the default."`
	CreatedAt time.Time `json:"created_at"`
}

// DomainBlockList is every server the viewer blocks, newest first.
type DomainBlockList struct {
	Items []DomainBlock `json:"items"`
}

// NewDomainBlock names the server to block.
type NewDomainBlock struct {
	// The syntax is checked by the use case, so that a bad domain gets its
	// own code and message.
	Domain string `json:"domain" maxLength:"300" doc:"A host such as exemplo.social (a pasted https:// address or @ is taken off)."`
}

func presentDomainBlock(b safety.DomainBlock) DomainBlock {
	return DomainBlock{Domain: b.Domain, CreatedAt: b.Since.UTC()}
}

func registerDomainBlocks(api huma.API, list *safety.ListDomainBlocks, block *safety.BlockDomain, unblock *safety.UnblockDomain) {
	huma.Register(api, huma.Operation{
		OperationID: "list-domain-blocks", Method: http.MethodGet, Path: "/safety/domain-blocks",
		Summary: "The servers the viewer blocks, newest first", Tags: []string{"safety"},
		Security: httpkit.Bearer, Metadata: httpkit.Refuses(nil),
	}, func(ctx context.Context, _ *struct{}) (*struct{ Body DomainBlockList }, error) {
		blocks, err := list.Handle(ctx, domain.ViewerFrom(ctx))
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		out := DomainBlockList{Items: make([]DomainBlock, len(blocks))}
		for i, b := range blocks {
			out.Items[i] = presentDomainBlock(b)
		}
		return &struct{ Body DomainBlockList }{Body: out}, nil
	})
	huma.Register(api, huma.Operation{
		OperationID: "block-domain", Method: http.MethodPost, Path: "/safety/domain-blocks",
		Summary: "Block every account of a server", Tags: []string{"safety"},
		Description: "The server's accounts' posts, comments, notifications and mentions are hidden from the viewer, " +
			"follows between the viewer and them end both ways, and none of them may follow, like, comment on or " +
			"name the viewer. Blocking a server twice is the same as once. The network's own domain cannot be blocked.",
		Security: httpkit.Bearer, Metadata: httpkit.Refuses(httpkit.Refusals{403: {safety.CodeNoProfile},
			422: {safety.CodeDomainInvalid, safety.CodeDomainOwn, safety.CodeDomainBlocksLimit}}),
	}, func(ctx context.Context, in *struct{ Body NewDomainBlock }) (*struct{ Body DomainBlock }, error) {
		b, err := block.Handle(ctx, domain.ViewerFrom(ctx), in.Body.Domain)
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		return &struct{ Body DomainBlock }{Body: presentDomainBlock(b)}, nil
	})
	huma.Register(api, huma.Operation{
		OperationID: "unblock-domain", Method: http.MethodDelete, Path: "/safety/domain-blocks/{domain}",
		Summary: "Stop blocking a server", Tags: []string{"safety"},
		Description: "Follows the block ended stay ended.",
		Security:    httpkit.Bearer, Metadata: httpkit.Refuses(httpkit.Refusals{404: {safety.CodeDomainBlockNotFound},
			422: {safety.CodeDomainInvalid}}),
		DefaultStatus: http.StatusNoContent,
	}, func(ctx context.Context, in *struct {
		Domain string `path:"domain" maxLength:"300"`
	}) (*struct{}, error) {
		return httpkit.NoContent(ctx, unblock.Handle(ctx, domain.ViewerFrom(ctx), in.Domain))
	})
}
