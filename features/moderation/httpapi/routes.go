package httpapi

import (
	"github.com/uptrace/bun"

	moderation "social/features/moderation/app"
)

// UseCases are the moderation operations.
type UseCases struct {
	SetRole     *moderation.SetRole
	SetVerified *moderation.SetVerified
	Suspend     *moderation.Suspend
	Unsuspend   *moderation.Unsuspend
	RemovePost  *moderation.RemovePost
	Resolve     *moderation.ResolveReport
	DB          *bun.DB
}
