package demo

import (
	"context"
	"errors"
	"time"

	"social/core/domain"
)

// ErrNoNetwork is what a seeder hears when the demo
// members are not there (the network was not loaded).
var ErrNoNetwork = errors.New("the demo members are not there")

// Cast are the demo members as features act for them: by handle, each
// signed in with their role, and when the network was created.
type Cast struct {
	Viewers map[string]domain.Viewer
	Created time.Time
}

// Of is the viewer of handle; it panics for a handle outside Roster, a
// mistake in a seeder's script.
func (c Cast) Of(handle string) domain.Viewer {
	v, ok := c.Viewers[handle]
	if !ok {
		panic("demo: no member " + handle)
	}
	return v
}

// AccountByEmail finds an account by its e-mail address, or
// domain.ErrNotFound: the accounts feature's lookup, through which the cast
// is read.
type AccountByEmail func(ctx context.Context, email string) (domain.Account, error)

// Members reads the demo members through byEmail (in the transaction of
// ctx, if any); ErrNoNetwork when one of them is not there.
func Members(ctx context.Context, byEmail AccountByEmail) (Cast, error) {
	c := Cast{Viewers: map[string]domain.Viewer{}}
	for _, p := range Roster {
		acc, err := byEmail(ctx, p.Email())
		if errors.Is(err, domain.ErrNotFound) {
			return Cast{}, ErrNoNetwork
		}
		if err != nil {
			return Cast{}, err
		}
		c.Viewers[p.Handle] = domain.Viewer{UserID: acc.ID, Role: acc.Role}
		if p.Handle == MemberHandle {
			c.Created = acc.CreatedAt
		}
	}
	return c, nil
}
