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

// relation is one stand the viewer takes towards a member (a block, a
// mute): POST /profiles/{handle}/{name} takes it, DELETE ends it. Both
// answer the stand after the call, as State.
type relation[Outcome, State any] struct {
	name     string // "block": the path's last part; the operations are block-profile and unblock-profile
	refusals httpkit.Refusals
	// The texts of the document: take* for POST, end* for DELETE.
	takeSummary, takeDescription string
	endSummary, endDescription   string
	take, end                    func(context.Context, domain.Viewer, string) (Outcome, error)
	state                        func(Outcome) State
}

// registerRelation registers the POST and the DELETE of r.
func registerRelation[Outcome, State any](api huma.API, r relation[Outcome, State]) {
	for _, op := range []struct {
		method, id, summary, description string
		handle                           func(context.Context, domain.Viewer, string) (Outcome, error)
	}{
		{http.MethodPost, r.name + "-profile", r.takeSummary, r.takeDescription, r.take},
		{http.MethodDelete, "un" + r.name + "-profile", r.endSummary, r.endDescription, r.end},
	} {
		huma.Register(api, huma.Operation{
			OperationID: op.id, Method: op.method, Path: "/profiles/{handle}/" + r.name,
			Summary: op.summary, Tags: []string{"safety"}, Description: op.description,
			Security: httpkit.Bearer, Metadata: httpkit.Refuses(r.refusals),
		}, func(ctx context.Context, in *handlePath) (*struct{ Body State }, error) {
			out, err := op.handle(ctx, domain.ViewerFrom(ctx), in.Handle)
			if err != nil {
				return nil, httpkit.ProblemFrom(ctx, err)
			}
			return &struct{ Body State }{Body: r.state(out)}, nil
		})
	}
}

func registerBlock(api huma.API, block *safety.BlockMember, unblock *safety.UnblockMember) {
	registerRelation(api, relation[safety.BlockOutcome, BlockState]{
		name:        "block",
		refusals:    httpkit.Refusals{403: {safety.CodeNoProfile}, 404: {safety.CodeNotFound}, 422: {safety.CodeBlockSelf}},
		takeSummary: "Block a member (idempotent)",
		takeDescription: "Both members stop seeing each other's posts, comments, profile details, stories and chat lines, " +
			"and neither may follow, message, mention, like or comment the other. Follows between them end now, both ways.",
		endSummary:     "Stop blocking a member (idempotent)",
		endDescription: "Gives back the ability to interact; follows the block ended are not restored.",
		take:           block.Handle,
		end:            unblock.Handle,
		state:          func(o safety.BlockOutcome) BlockState { return BlockState{Blocking: o.Blocked} },
	})
}
