package httpapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"social/core/domain"
	profiles "social/features/profiles/app"
	"social/features/profiles/wire"
	"social/kit/httpkit"
)

// ProfileChanges is the edit form. Absent fields stay as they are; "" clears
// bio, location and website. Any other field (handle, role, is_verified,
// counts) is refused.
type ProfileChanges struct {
	DisplayName *string `json:"display_name,omitempty" doc:"1 to 50 characters after cleaning, at least one of them visible; one that looks like a reserved word or a staff member's name is refused (name_reserved)."`
	Bio         *string `json:"bio,omitempty" doc:"At most 500 characters after cleaning; \"\" clears it."`
	Location    *string `json:"location,omitempty" doc:"At most 100 characters after cleaning; \"\" clears it."`
	WebsiteURL  *string `json:"website_url,omitempty" doc:"An http or https address of a public site; \"\" clears it."`
}

func registerUpdateMyProfile(api huma.API, uc *profiles.UpdateProfile, links wire.Links) {
	huma.Register(api, huma.Operation{
		OperationID: "update-my-profile", Method: http.MethodPatch, Path: "/profiles/me",
		Summary: "Edit the signed-in member's own profile texts", Tags: []string{"profiles"},
		Security: httpkit.Bearer, Metadata: httpkit.Refuses(httpkit.Refusals{404: {profiles.CodeNotFound}, 422: {profiles.CodeInvalid, profiles.CodeNameReserved}, 429: {profiles.CodeRateLimit}}),
	}, func(ctx context.Context, in *struct{ Body ProfileChanges }) (*profileOutput, error) {
		p, err := uc.Handle(ctx, domain.ViewerFrom(ctx), profiles.Changes{
			DisplayName: in.Body.DisplayName, Bio: in.Body.Bio, Location: in.Body.Location, WebsiteURL: in.Body.WebsiteURL,
		}, httpkit.ClientIP(ctx))
		return ownProfileAnswer(ctx, links, p, err)
	})
}
