package app

import (
	"context"
	"fmt"

	"social/core/domain"
)

// HostProfiles lists the remote profiles of one server's actors.
type HostProfiles interface {
	ProfilesOfHost(ctx context.Context, host string, limit int) ([]domain.UserID, error)
}

// RemoteRemover removes a remote account from this server (the data
// rights feature's RemoveRemoteAccount): its posts, comments, likes,
// shares and follows both ways, then its profile.
type RemoteRemover interface {
	Handle(ctx context.Context, id domain.UserID) error
}

// purgeBatch is how many accounts one pass of PurgeDomain lists.
const purgeBatch = 100

// PurgeDomain removes every remote account of a suspended domain, the
// job a suspension queues: follows with them severed, their posts,
// comments and likes gone. It stops when the suspension was lifted before
// it ran; a rerun goes on with what is left.
type PurgeDomain struct {
	Policies *InstancePolicies
	Profiles HostProfiles
	Remove   RemoteRemover
}

// Handle purges domain.
func (uc *PurgeDomain) Handle(ctx context.Context, host string) error {
	seen := map[domain.UserID]bool{}
	for {
		suspended, err := uc.Policies.Suspended(ctx, host)
		if err != nil || !suspended {
			return err
		}
		ids, err := uc.Profiles.ProfilesOfHost(ctx, host, purgeBatch)
		if err != nil || len(ids) == 0 {
			return err
		}
		for _, id := range ids {
			if seen[id] {
				return fmt.Errorf("purge %s: account %s was not removed", host, id)
			}
			seen[id] = true
			if err := uc.Remove.Handle(ctx, id); err != nil {
				return err
			}
		}
	}
}
