package pgstore

import (
	"github.com/uptrace/bun"
	"go.uber.org/fx"

	"social/core/ports"
)

// OptionalAudiences is ports.Audiences when a feature keeps audiences (fx
// leaves it nil otherwise), for the stores that read posts for a viewer.
type OptionalAudiences struct {
	fx.In
	Audiences ports.Audiences `optional:"true"`
}

// NewPostsWithAudiences is the post store for fx.
func NewPostsWithAudiences(db *bun.DB, a OptionalAudiences) *Posts {
	return NewPostsFor(db, a.Audiences)
}
