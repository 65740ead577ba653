package httpapi

import (
	"github.com/danielgtaylor/huma/v2"

	"social/core/domain"
	follows "social/features/follows/app"
	profiles "social/features/profiles/app"
	"social/features/profiles/wire"
	"social/kit/plugin"
)

// UseCases are the profile operations.
type UseCases struct {
	Get         *follows.ViewProfile // the profile with the viewer's follow
	GetMine     *profiles.GetMyProfile
	Update      *profiles.UpdateProfile
	SetImage    *profiles.SetProfileImage
	DeleteImage *profiles.DeleteProfileImage
}

// NewRoutes contributes the profile operations under /api/v1.
func NewRoutes(uc UseCases, links wire.Links) plugin.Routes {
	return plugin.Routes{Register: func(api huma.API) {
		registerGetMyProfile(api, uc.GetMine, links) // before {handle}: "me" is no handle
		registerGetProfile(api, uc.Get, links)
		registerUpdateMyProfile(api, uc.Update, links)
		for _, img := range []domain.ProfileImage{domain.ProfileAvatar, domain.ProfileBanner} {
			registerSetProfileImage(api, uc.SetImage, links, img)
			registerDeleteProfileImage(api, uc.DeleteImage, links, img)
		}
	}}
}
