package demo

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"social/core/domain"
	"social/platform/pgkit"
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

// Members reads the demo members (in the transaction of ctx, if any).
func Members(ctx context.Context, db *bun.DB) (Cast, error) {
	handles := make([]string, len(Roster))
	for i, p := range Roster {
		handles[i] = p.Handle
	}
	var rows []struct {
		ID        uuid.UUID   `bun:"id"`
		Handle    string      `bun:"handle"`
		Role      domain.Role `bun:"role"`
		CreatedAt time.Time   `bun:"created_at"`
	}
	err := pgkit.IDB(ctx, db).NewRaw(`SELECT p.id, p.handle, a.role, p.created_at FROM profiles p
		JOIN accounts a ON a.id = p.id WHERE p.handle IN (?)`, bun.In(handles)).Scan(ctx, &rows)
	if err != nil {
		return Cast{}, err
	}
	if len(rows) != len(Roster) {
		return Cast{}, ErrNoNetwork
	}
	c := Cast{Viewers: map[string]domain.Viewer{}}
	for _, r := range rows {
		c.Viewers[r.Handle] = domain.Viewer{UserID: domain.UserID(r.ID), Role: r.Role}
		if r.Handle == MemberHandle {
			c.Created = r.CreatedAt
		}
	}
	return c, nil
}
