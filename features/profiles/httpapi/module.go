package httpapi

import (
	"github.com/danielgtaylor/huma/v2"
	"github.com/uptrace/bun"
	"go.uber.org/fx"

	"social/core/domain"
	"social/core/ports"
	follows "social/features/follows/app"
	followsstore "social/features/follows/pgstore"
	profiles "social/features/profiles/app"
	profilesstore "social/features/profiles/pgstore"
	"social/internal/config"
	"social/kit/httpkit"
	"social/kit/plugin"
)

// Module wires the profile use cases to their stores and contributes the
// routes. Pictures go to the app's ports.BlobStore after its
// ports.ImageCleaner (adapters/storage and adapters/images).
var Module = fx.Module("profiles",
	fx.Provide(profilesstore.NewProfiles),
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
	Get         *follows.ViewProfile // the profile with the viewer's follow
	GetMine     *profiles.GetMyProfile
	Update      *profiles.UpdateProfile
	SetImage    *profiles.SetProfileImage
	DeleteImage *profiles.DeleteProfileImage
}

type useCaseParams struct {
	fx.In
	Config   *config.Config
	DB       *bun.DB
	Profiles *profilesstore.Profiles
	Limiter  ports.RateLimiter
	Clock    ports.Clock
	Blobs    ports.BlobStore
	Images   ports.ImageCleaner
	Tx       ports.Transactor
	Search   ports.SearchIndexQueue
}

func newUseCases(p useCaseParams) UseCases {
	limits := profiles.Limits{PerMember: p.Config.Limits.ProfileUpdatePerMember, PerIP: p.Config.Limits.ProfileUpdatePerIP}
	ix := profiles.Indexer{Tx: p.Tx, Search: p.Search}
	return UseCases{
		Get:     &follows.ViewProfile{Profiles: followsstore.NewFollows(p.DB)},
		GetMine: &profiles.GetMyProfile{Profiles: p.Profiles},
		Update:  &profiles.UpdateProfile{Profiles: p.Profiles, Indexer: ix, Limiter: p.Limiter, Clock: p.Clock, Limits: limits},
		SetImage: &profiles.SetProfileImage{Profiles: p.Profiles, Indexer: ix, Blobs: p.Blobs, Images: p.Images,
			Limiter: p.Limiter, Clock: p.Clock, Limits: limits},
		DeleteImage: &profiles.DeleteProfileImage{Profiles: p.Profiles, Indexer: ix, Blobs: p.Blobs,
			Limiter: p.Limiter, Clock: p.Clock, Limits: limits},
	}
}

func newLinks(media httpkit.MediaLinks) Links {
	return Links{Media: media}
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
