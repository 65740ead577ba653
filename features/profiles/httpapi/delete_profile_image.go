package httpapi

import (
	"context"
	"fmt"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"social/core/domain"
	profiles "social/features/profiles/app"
	"social/features/profiles/wire"
	"social/kit/httpkit"
)

func registerDeleteProfileImage(api huma.API, uc *profiles.DeleteProfileImage, links wire.Links, img domain.ProfileImage) {
	huma.Register(api, huma.Operation{
		OperationID: fmt.Sprintf("delete-my-%s", img), Method: http.MethodDelete, Path: fmt.Sprintf("/profiles/me/%s", img),
		Summary: fmt.Sprintf("Remove the signed-in member's %s", img), Tags: []string{"profiles"},
		Security: httpkit.Bearer, Metadata: httpkit.Refuses(httpkit.Refusals{404: {profiles.CodeNotFound}, 429: {profiles.CodeRateLimit}}),
	}, func(ctx context.Context, _ *struct{}) (*profileOutput, error) {
		p, err := uc.Handle(ctx, domain.ViewerFrom(ctx), img, httpkit.ClientIP(ctx))
		return ownProfileAnswer(ctx, links, p, err)
	})
}
