package app

import (
	"context"
	"errors"
	"fmt"

	"social/core/domain"
)

// HandleReader finds the handle of a member by ID.
type HandleReader interface {
	// HandleByID is the handle of id's profile; domain.ErrNotFound for
	// nobody's ID and for a deleted account.
	HandleByID(ctx context.Context, id domain.UserID) (string, error)
}

// HandleByID names the member behind an ID, for the drivers that speak of
// members by ID (the Mastodon client API) while every use case acting on
// another member takes a handle. It applies no rule of its own: the use
// case the handle is then given to decides what the viewer may see or do.
type HandleByID struct {
	Profiles HandleReader
}

// Handle is the handle of id, or the profile-not-found error for a
// malformed ID, nobody's ID and a deleted account.
func (uc *HandleByID) Handle(ctx context.Context, id string) (string, error) {
	uid, err := domain.ParseUserID(id)
	if err != nil {
		return "", errProfileNotFound()
	}
	h, err := uc.Profiles.HandleByID(ctx, uid)
	if errors.Is(err, domain.ErrNotFound) {
		return "", errProfileNotFound()
	}
	if err != nil {
		return "", fmt.Errorf("handle of %s: %w", uid, err)
	}
	return h, nil
}
