package httpapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"social/core/domain"
	"social/kit/httpkit"
	"social/kit/plugin"
	"social/plugins/stories/app"
)

// UseCases are the plugin's operations.
type UseCases struct {
	List    *app.ListStories
	Create  *app.CreateStory
	Get     *app.GetStory
	View    *app.ViewStory
	Viewers *app.ListViewers
	Delete  *app.DeleteStory
}

type screenOutput struct {
	Body struct {
		Items    []Story  `json:"items" doc:"Live stories of the viewer and of the people they follow, newest first; at most 200."`
		Trending []string `json:"trending" doc:"IDs of the (at most 3) most viewed stories among items, most viewed first."`
	}
}

type createInput struct {
	Body struct {
		Text string `json:"text" required:"false" maxLength:"5000" doc:"Trimmed; 1 to 280 characters."`
	}
}

type storyOutput struct{ Body Story }

type viewersOutput struct {
	Body struct {
		Items []StoryViewer `json:"items" doc:"Latest first; at most 500."`
	}
}

// NewRoutes contributes the operations under /api/v1/stories.
func NewRoutes(uc UseCases, media httpkit.MediaLinks) plugin.Routes {
	p := present{media: media}
	return plugin.Routes{Plugin: "stories", Register: func(api huma.API) { register(api, uc, p) }}
}

func register(api huma.API, uc UseCases, p present) {
	huma.Register(api, huma.Operation{
		OperationID: "stories-list", Method: http.MethodGet, Path: "",
		Summary: "The viewer's stories screen", Tags: []string{"stories"},
		Security: httpkit.Bearer, Metadata: httpkit.Refuses(nil),
	}, func(ctx context.Context, _ *struct{}) (*screenOutput, error) {
		screen, err := uc.List.Handle(ctx, domain.ViewerFrom(ctx))
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		out := &screenOutput{}
		out.Body.Items = make([]Story, len(screen.Stories))
		for i, s := range screen.Stories {
			out.Body.Items[i] = p.story(ctx, s)
		}
		out.Body.Trending = make([]string, len(screen.Trending))
		for i, id := range screen.Trending {
			out.Body.Trending[i] = id.String()
		}
		return out, nil
	})
	huma.Register(api, huma.Operation{
		OperationID: "stories-create", Method: http.MethodPost, Path: "", DefaultStatus: http.StatusCreated,
		Summary: "Publish a text story for 24 hours", Tags: []string{"stories"},
		Security: httpkit.Bearer, Metadata: httpkit.CreatesOnce(httpkit.Refusals{403: {app.CodeNoProfile}, 422: {app.CodeTextRequired, app.CodeTextTooLong}}),
	}, func(ctx context.Context, in *createInput) (*storyOutput, error) {
		s, err := uc.Create.Handle(ctx, domain.ViewerFrom(ctx), in.Body.Text)
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		return &storyOutput{Body: p.story(ctx, s)}, nil
	})
	one := func(do func(context.Context, domain.Viewer, StoryPath) (app.Story, error)) func(context.Context, *StoryPath) (*storyOutput, error) {
		return func(ctx context.Context, in *StoryPath) (*storyOutput, error) {
			s, err := do(ctx, domain.ViewerFrom(ctx), *in)
			if err != nil {
				return nil, httpkit.ProblemFrom(ctx, err)
			}
			return &storyOutput{Body: p.story(ctx, s)}, nil
		}
	}
	huma.Register(api, huma.Operation{
		OperationID: "stories-get", Method: http.MethodGet, Path: "/{id}",
		Summary: "One live story (its author and their followers only)", Tags: []string{"stories"},
		Security: httpkit.Bearer, Metadata: httpkit.Refuses(httpkit.Refusals{404: {app.CodeNotFound}}),
	}, one(func(ctx context.Context, v domain.Viewer, in StoryPath) (app.Story, error) {
		id, err := in.id()
		if err != nil {
			return app.Story{}, err
		}
		return uc.Get.Handle(ctx, v, id)
	}))
	huma.Register(api, huma.Operation{
		OperationID: "stories-view", Method: http.MethodPost, Path: "/{id}/view",
		Summary:  "Record that the viewer opened a story (once per member; the author's own views do not count)",
		Tags:     []string{"stories"},
		Security: httpkit.Bearer, Metadata: httpkit.Refuses(httpkit.Refusals{403: {app.CodeNoProfile}, 404: {app.CodeNotFound}}),
	}, one(func(ctx context.Context, v domain.Viewer, in StoryPath) (app.Story, error) {
		id, err := in.id()
		if err != nil {
			return app.Story{}, err
		}
		return uc.View.Handle(ctx, v, id)
	}))
	huma.Register(api, huma.Operation{
		OperationID: "stories-viewers", Method: http.MethodGet, Path: "/{id}/viewers",
		Summary: "Who opened a story (its author only)", Tags: []string{"stories"},
		Security: httpkit.Bearer, Metadata: httpkit.Refuses(httpkit.Refusals{403: {app.CodeAuthorOnly}, 404: {app.CodeNotFound}}),
	}, func(ctx context.Context, in *StoryPath) (*viewersOutput, error) {
		id, err := in.id()
		var list []app.StoryViewer
		if err == nil {
			list, err = uc.Viewers.Handle(ctx, domain.ViewerFrom(ctx), id)
		}
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		out := &viewersOutput{}
		out.Body.Items = make([]StoryViewer, len(list))
		for i, v := range list {
			out.Body.Items[i] = StoryViewer{Profile: p.profile(ctx, v.Profile), ViewedAt: v.ViewedAt}
		}
		return out, nil
	})
	huma.Register(api, huma.Operation{
		OperationID: "stories-delete", Method: http.MethodDelete, Path: "/{id}", DefaultStatus: http.StatusNoContent,
		Summary: "Delete a story before it expires (its author only)", Tags: []string{"stories"},
		Security: httpkit.Bearer, Metadata: httpkit.Refuses(httpkit.Refusals{403: {app.CodeAuthorOnly}, 404: {app.CodeNotFound}}),
	}, func(ctx context.Context, in *StoryPath) (*struct{}, error) {
		id, err := in.id()
		if err == nil {
			err = uc.Delete.Handle(ctx, domain.ViewerFrom(ctx), id)
		}
		return httpkit.NoContent(ctx, err)
	})
}
