package app

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/ports"
)

// Audience answers the core's questions about a community's posts
// (ports.Audiences): its approved members read and write them, and its
// owner deletes anyone's (a post's author and the community's owner may
// delete it).
type Audience struct {
	Store   CommunityStore
	Members MemberStore
}

var _ ports.Audiences = (*Audience)(nil)

// Reads reports whether member is an approved member of the community.
func (a *Audience) Reads(ctx context.Context, audience domain.AudienceID, member domain.UserID) (bool, error) {
	m, err := a.Members.Membership(ctx, uuid.UUID(audience), member, NoLock)
	if err != nil {
		return false, fmt.Errorf("membership in %s: %w", audience, err)
	}
	return m.Approved(), nil
}

// Writes reads the same in the writer's transaction, with the community
// row and the membership row share-locked in the order every unit of work
// takes them, so that a removal waits for the post.
func (a *Audience) Writes(ctx context.Context, audience domain.AudienceID, member domain.UserID) (bool, error) {
	id := uuid.UUID(audience)
	if _, err := a.Store.Lock(ctx, id, KeyShare); errors.Is(err, domain.ErrNotFound) {
		return false, nil
	} else if err != nil {
		return false, fmt.Errorf("lock community %s: %w", id, err)
	}
	m, err := a.Members.Membership(ctx, id, member, Share)
	if err != nil {
		return false, fmt.Errorf("membership in %s: %w", id, err)
	}
	return m.Approved(), nil
}

// Moderates reports whether member owns the community.
func (a *Audience) Moderates(ctx context.Context, audience domain.AudienceID, member domain.UserID) (bool, error) {
	m, err := a.Members.Membership(ctx, uuid.UUID(audience), member, NoLock)
	if err != nil {
		return false, fmt.Errorf("membership in %s: %w", audience, err)
	}
	return m.Owns(), nil
}
