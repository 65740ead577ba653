package httpapi

import (
	"github.com/danielgtaylor/huma/v2"

	"social/core/domain"
	follows "social/features/follows/app"
	profiles "social/features/profiles/app"
	"social/features/profiles/wire"
	"social/kit/plugin"
)

// NewRoutes contributes the profile operations under /api/v1.
func NewRoutes(uc profiles.UseCases, view *follows.ViewProfile, links wire.Links) plugin.Routes {
	return plugin.Routes{Register: func(api huma.API) {
		registerGetMyProfile(api, uc.GetMine, links) // before {handle}: "me" is no handle
		registerGetProfile(api, view, links)
		registerUpdateMyProfile(api, uc.Update, links)
		for _, img := range []domain.ProfileImage{domain.ProfileAvatar, domain.ProfileBanner} {
			registerSetProfileImage(api, uc.SetImage, links, img)
			registerDeleteProfileImage(api, uc.DeleteImage, links, img)
		}
	}}
}
