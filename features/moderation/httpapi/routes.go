package httpapi

import (
	"github.com/uptrace/bun"

	moderation "social/features/moderation/app"
	moderationstore "social/features/moderation/pgstore"
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

// lists are the console's lists the resources page.
func (uc UseCases) lists() moderationstore.AdminLists {
	return moderationstore.AdminLists{DB: uc.DB}
}
