package app

import (
	"context"
	"fmt"
	"log/slog"

	"social/core/domain"
	"social/core/ports"
)

// RemoteProfiles reads and removes the profiles of other servers'
// accounts (profiles with a domain).
type RemoteProfiles interface {
	// IsRemote reports whether id is a remote account's profile (false
	// for a member's, or for none).
	IsRemote(ctx context.Context, id domain.UserID) (bool, error)
	// DeleteRemote deletes the remote profile id; its last rows go with
	// it.
	DeleteRemote(ctx context.Context, id domain.UserID) error
}

// RemoveRemoteAccount removes an account of another server from this one:
// its server said the account is gone (a Delete of the actor), or the
// server itself was suspended here. Its posts, comments, likes, shares,
// follows both ways and every plugin's rows go part after part, in the
// batches that lower the counters of what they remove (the same parts as
// a member's erasure), then the profile itself and its search document.
// A member's profile is never touched. Running it again changes nothing.
type RemoveRemoteAccount struct {
	Profiles RemoteProfiles
	Parts    []Part
	Search   ports.SearchIndexQueue
	Tx       ports.Transactor
	Settings Settings
	Log      *slog.Logger
}

// Handle removes the remote account id; a member's profile, or a profile
// already gone, is left as it is.
func (uc *RemoveRemoteAccount) Handle(ctx context.Context, id domain.UserID) error {
	remote, err := uc.Profiles.IsRemote(ctx, id)
	if err != nil {
		return fmt.Errorf("remove remote %s: %w", id, err)
	}
	if !remote {
		return nil
	}
	batch := max(uc.Settings.Batch, 1)
	for _, p := range uc.Parts {
		for {
			if err := ctx.Err(); err != nil {
				return err
			}
			more, err := p.Data.EraseMember(ctx, id, batch)
			if err != nil {
				return fmt.Errorf("remove remote %s: %s: %w", id, p.Name, err)
			}
			if !more {
				break
			}
		}
	}
	err = uc.Tx.InTx(ctx, func(ctx context.Context) error {
		if err := uc.Profiles.DeleteRemote(ctx, id); err != nil {
			return err
		}
		return uc.Search.EnqueueIndex(ctx, ports.SearchUser, id.String())
	})
	if err != nil {
		return fmt.Errorf("remove remote %s: %w", id, err)
	}
	uc.Log.InfoContext(ctx, "remote account removed", "account", id.String())
	return nil
}
