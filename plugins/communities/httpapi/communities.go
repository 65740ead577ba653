package httpapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"social/core/domain"
	"social/kit/httpkit"
	"social/plugins/communities/app"
)

type communityListInput struct {
	Q string `query:"q" maxLength:"200" doc:"Filters by name or description, case and accents ignored."`
}

type communityListOutput struct {
	Body struct {
		Items []Community `json:"items" doc:"Most members first, then by name; at most 100."`
	}
}

type communityCreateInput struct {
	Body struct {
		Name        string  `json:"name" required:"false" maxLength:"1000" doc:"Trimmed; required, at most 50 characters."`
		Description *string `json:"description,omitempty" nullable:"true" maxLength:"5000" doc:"Optional; trimmed, at most 500 characters."`
		Privacy     string  `json:"privacy,omitempty" enum:"open,closed" doc:"Default open."`
	}
}

type communityOutput struct{ Body Community }

func registerCommunities(api huma.API, uc UseCases, p present) {
	huma.Register(api, huma.Operation{
		OperationID: "communities-list", Method: http.MethodGet, Path: "",
		Summary: "List communities", Tags: []string{"communities"},
		Security: httpkit.Bearer, Metadata: httpkit.Refuses(nil),
	}, func(ctx context.Context, in *communityListInput) (*communityListOutput, error) {
		list, err := uc.List.Handle(ctx, domain.ViewerFrom(ctx), in.Q)
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		out := &communityListOutput{}
		out.Body.Items = make([]Community, 0, len(list))
		for _, c := range list {
			out.Body.Items = append(out.Body.Items, p.community(ctx, c))
		}
		return out, nil
	})
	huma.Register(api, huma.Operation{
		OperationID: "communities-create", Method: http.MethodPost, Path: "", DefaultStatus: http.StatusCreated,
		Summary: "Create a community (the creator becomes its owner)", Tags: []string{"communities"},
		Security: httpkit.Bearer, Metadata: httpkit.CreatesOnce(httpkit.Refusals{403: {app.CodeNoProfile}, 409: {app.CodeNameTaken}, 422: {app.CodeNameRequired, app.CodeNameTooLong, app.CodeDescriptionTooLong, app.CodeInvalid}}),
	}, func(ctx context.Context, in *communityCreateInput) (*communityOutput, error) {
		c, err := uc.Create.Handle(ctx, domain.ViewerFrom(ctx), app.NewCommunity{Name: in.Body.Name,
			Description: in.Body.Description, Privacy: app.Privacy(in.Body.Privacy)})
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		return &communityOutput{Body: p.community(ctx, c)}, nil
	})
	huma.Register(api, huma.Operation{
		OperationID: "communities-get", Method: http.MethodGet, Path: "/{id}",
		Summary: "One community with the viewer's membership", Tags: []string{"communities"},
		Security: httpkit.Bearer, Metadata: httpkit.Refuses(httpkit.Refusals{404: {app.CodeNotFound}}),
	}, func(ctx context.Context, in *CommunityPath) (*communityOutput, error) {
		id, err := in.id()
		var c app.Community
		if err == nil {
			c, err = uc.Get.Handle(ctx, domain.ViewerFrom(ctx), id)
		}
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		return &communityOutput{Body: p.community(ctx, c)}, nil
	})
	huma.Register(api, huma.Operation{
		OperationID: "communities-delete", Method: http.MethodDelete, Path: "/{id}", DefaultStatus: http.StatusNoContent,
		Summary: "Delete a community with its posts and members (owner only)", Tags: []string{"communities"},
		Security: httpkit.Bearer, Metadata: httpkit.Refuses(httpkit.Refusals{403: {app.CodeNotOwner}, 404: {app.CodeNotFound}}),
	}, func(ctx context.Context, in *CommunityPath) (*struct{}, error) {
		id, err := in.id()
		if err == nil {
			err = uc.Delete.Handle(ctx, domain.ViewerFrom(ctx), id)
		}
		return httpkit.NoContent(ctx, err)
	})
}
