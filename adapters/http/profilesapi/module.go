package profilesapi

import (
	"log/slog"

	"github.com/danielgtaylor/huma/v2"
	"go.uber.org/fx"

	"social/adapters/postgres"
	"social/core/app/profiles"
	"social/core/domain"
	"social/core/ports"
	"social/internal/config"
	"social/plugins/plugin"
)

// Module wires the profile use cases to their stores and contributes the
// routes. Pictures go to the app's ports.BlobStore after its
// ports.ImageCleaner (adapters/storage and adapters/images).
var Module = fx.Module("profiles",
	fx.Provide(
		fx.Private,
		newUseCases,
	),
	fx.Provide(
		newLinks,
		plugin.AsRoutes(NewRoutes),
	),
)

// UseCases are the profile operations.
type UseCases struct {
	Get         *profiles.GetProfile
	GetMine     *profiles.GetMyProfile
	Update      *profiles.UpdateProfile
	SetImage    *profiles.SetProfileImage
	DeleteImage *profiles.DeleteProfileImage
}

type useCaseParams struct {
	fx.In
	Config   *config.Config
	Profiles *postgres.Profiles
	Limiter  ports.RateLimiter
	Clock    ports.Clock
	Blobs    ports.BlobStore
	Images   ports.ImageCleaner
}

func newUseCases(p useCaseParams) UseCases {
	limits := profiles.Limits{PerMember: p.Config.Limits.ProfileUpdatePerMember, PerIP: p.Config.Limits.ProfileUpdatePerIP}
	return UseCases{
		Get:     &profiles.GetProfile{Profiles: p.Profiles},
		GetMine: &profiles.GetMyProfile{Profiles: p.Profiles},
		Update:  &profiles.UpdateProfile{Profiles: p.Profiles, Limiter: p.Limiter, Clock: p.Clock, Limits: limits},
		SetImage: &profiles.SetProfileImage{Profiles: p.Profiles, Blobs: p.Blobs, Images: p.Images,
			Limiter: p.Limiter, Clock: p.Clock, Limits: limits},
		DeleteImage: &profiles.DeleteProfileImage{Profiles: p.Profiles, Blobs: p.Blobs,
			Limiter: p.Limiter, Clock: p.Clock, Limits: limits},
	}
}

func newLinks(blobs ports.BlobStore, logger *slog.Logger) Links {
	return Links{Blobs: blobs, Log: logger}
}

// NewRoutes contributes the profile operations under /api/v1.
func NewRoutes(uc UseCases, links Links) plugin.Routes {
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
