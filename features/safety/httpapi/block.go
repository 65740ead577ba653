package httpapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"social/core/domain"
	safety "social/features/safety/app"
	"social/kit/httpkit"
)

// BlockState is the viewer's block of a member after a block or unblock.
type BlockState struct {
	Blocking bool `json:"blocking"`
}

type handlePath struct {
	Handle string `path:"handle" doc:"The member's handle, e.g. maria_silva."`
}

func registerBlock(api huma.API, block *safety.BlockMember, unblock *safety.UnblockMember) {
	refusals := httpkit.Refusals{403: {safety.CodeNoProfile}, 404: {safety.CodeNotFound}, 422: {safety.CodeBlockSelf}}
	huma.Register(api, huma.Operation{
		OperationID: "block-profile", Method: http.MethodPost, Path: "/profiles/{handle}/block",
		Summary: "Block a member (idempotent)", Tags: []string{"safety"},
		Description: "Both members stop seeing each other's posts, comments, profile details, stories and chat lines, " +
			"and neither may follow, message, mention, like or comment the other. Follows between them end now, both ways.",
		Security: httpkit.Bearer, Metadata: httpkit.Refuses(refusals),
	}, func(ctx context.Context, in *handlePath) (*struct{ Body BlockState }, error) {
		out, err := block.Handle(ctx, domain.ViewerFrom(ctx), in.Handle)
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		return &struct{ Body BlockState }{Body: BlockState{Blocking: out.Blocked}}, nil
	})
	huma.Register(api, huma.Operation{
		OperationID: "unblock-profile", Method: http.MethodDelete, Path: "/profiles/{handle}/block",
		Summary: "Stop blocking a member (idempotent)", Tags: []string{"safety"},
		Description: "Gives back the ability to interact; follows the block ended are not restored.",
		Security:    httpkit.Bearer, Metadata: httpkit.Refuses(refusals),
	}, func(ctx context.Context, in *handlePath) (*struct{ Body BlockState }, error) {
		out, err := unblock.Handle(ctx, domain.ViewerFrom(ctx), in.Handle)
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		return &struct{ Body BlockState }{Body: BlockState{Blocking: out.Blocked}}, nil
	})
}
