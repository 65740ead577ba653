package httpapi

import (
	"context"
	"net/http"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"social/core/domain"
	posts "social/features/posts/app"
	"social/kit/httpkit"
)

// DemoPost is one post demo seeding created.
type DemoPost struct {
	ID          string    `json:"id"`
	TextContent string    `json:"text_content"`
	CreatedAt   time.Time `json:"created_at"`
}

// DemoData is what demo seeding did. The enabled features add their own
// demo data in the same transaction (the communities plugin: 2 communities).
type DemoData struct {
	Skipped bool       `json:"skipped" doc:"True when the member already had posts: nothing was created."`
	Posts   []DemoPost `json:"posts"`
	Message string     `json:"message" doc:"The toast's text."`
}

func registerDemoData(api huma.API, uc *posts.SeedDemo) {
	huma.Register(api, huma.Operation{
		OperationID: "create-demo-data", Method: http.MethodPost, Path: "/demo-data",
		Summary: "Create the signed-in member's demo posts and the features' demo data (skipped if they have any post)", Tags: []string{"posts"},
		Security: httpkit.Bearer, Metadata: httpkit.Refuses(httpkit.Refusals{403: {posts.CodeNoProfile}}),
	}, func(ctx context.Context, _ *struct{}) (*struct{ Body DemoData }, error) {
		s, err := uc.Handle(ctx, domain.ViewerFrom(ctx))
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		out := DemoData{Skipped: s.Skipped, Posts: []DemoPost{}, Message: posts.MsgDemoDone}
		for _, p := range s.Posts {
			out.Posts = append(out.Posts, DemoPost{ID: p.ID.String(), TextContent: *p.TextContent, CreatedAt: p.CreatedAt})
		}
		return &struct{ Body DemoData }{Body: out}, nil
	})
}

// ClearedDemoData is what clearing a member's demo data removed.
type ClearedDemoData struct {
	Posts   int    `json:"posts" doc:"How many demo posts were deleted (0 when there were none left)."`
	Message string `json:"message" doc:"The toast's text."`
}

func registerClearDemoData(api huma.API, uc *posts.ClearDemo) {
	huma.Register(api, huma.Operation{
		OperationID: "clear-demo-data", Method: http.MethodDelete, Path: "/demo-data",
		Summary: "Delete the demo data generated for the signed-in member (idempotent); what they wrote themselves stays",
		Tags:    []string{"posts"}, Security: httpkit.Bearer, Metadata: httpkit.Refuses(nil),
	}, func(ctx context.Context, _ *struct{}) (*struct{ Body ClearedDemoData }, error) {
		c, err := uc.Handle(ctx, domain.ViewerFrom(ctx))
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		return &struct{ Body ClearedDemoData }{Body: ClearedDemoData{Posts: c.Posts, Message: posts.MsgDemoCleared}}, nil
	})
}
