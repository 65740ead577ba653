package ports

import (
	"context"

	"social/core/domain"
)

// RemoteAccountLookup finds an account of another server of the social
// web by its address (user@host), asking that server when this one does
// not know it yet, and keeps it as a remote account (a profile with a
// domain), which members may then follow. The federation plugin
// contributes it; without it, search finds only the accounts already
// known.
type RemoteAccountLookup interface {
	// LookUp answers the account's profile for viewer's search. found is
	// false when no server answers for the address, its answer is
	// refused, or viewer has looked up too many addresses lately; err is
	// kept for this server's own failures.
	LookUp(ctx context.Context, viewer domain.UserID, user, host string) (id domain.UserID, found bool, err error)
}
