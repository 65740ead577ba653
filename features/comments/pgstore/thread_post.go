package pgstore

import (
	"context"

	"github.com/google/uuid"

	"social/core/domain"
	"social/platform/pgkit"
)

// threadPostRow is what a thread needs of its post to decide who may read
// and write in it: its author, visibility and audience.
type threadPostRow struct {
	ID         uuid.UUID  `bun:"id"`
	AuthorID   uuid.UUID  `bun:"author_id"`
	Visibility string     `bun:"visibility"`
	AudienceID *uuid.UUID `bun:"audience_id"`
}

func (r threadPostRow) Domain() domain.Post {
	return domain.Post{ID: domain.PostID(r.ID), AuthorID: domain.UserID(r.AuthorID),
		Visibility: domain.Visibility(r.Visibility), Audience: audienceOf(r.AudienceID)}
}

// followsFor reports whether viewer follows author (the core's
// member_follows view), asked only when it decides something: a
// friends_only post of someone else.
func (s *Comments) followsFor(ctx context.Context, viewer, author domain.UserID, v domain.Visibility) (bool, error) {
	if v != domain.VisibilityFriendsOnly || viewer.IsZero() || viewer == author {
		return false, nil
	}
	var ok bool
	err := pgkit.IDB(ctx, s.db).NewRaw(`SELECT EXISTS (SELECT 1 FROM member_follows WHERE follower_id = ? AND following_id = ?)`,
		uuid.UUID(viewer), uuid.UUID(author)).Scan(ctx, &ok)
	return ok, err
}
