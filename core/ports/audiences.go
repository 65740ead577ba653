package ports

import (
	"context"

	"social/core/domain"
)

// Audiences answers, for the feature that keeps audiences (closed circles
// of members a plugin keeps), who may read and write the posts
// written for one. The core asks it on every read of a members_only post
// and before storing one; without it, such posts are their authors' alone
// and none can be written.
type Audiences interface {
	// Reads reports whether member may read the posts of audience; false
	// for an audience that does not exist.
	Reads(ctx context.Context, audience domain.AudienceID, member domain.UserID) (bool, error)
	// Writes reports whether member may post into audience. Called in the
	// transaction of ctx, it holds what it read (the membership) until
	// that transaction ends, so the right cannot go before the post is
	// stored.
	Writes(ctx context.Context, audience domain.AudienceID, member domain.UserID) (bool, error)
	// Moderates reports whether member may delete the posts of others in
	// audience.
	Moderates(ctx context.Context, audience domain.AudienceID, member domain.UserID) (bool, error)
}
