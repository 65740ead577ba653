package app

import (
	"context"
	"fmt"

	"social/core/ports"
)

// RotateKey replaces a member's key pair, for a key that may have leaked
// or simply grown old. The key keeps its id (<actor>#main-key): servers
// that cached the old public key fail to verify the next signature, fetch
// the actor again, as they do for any signature they cannot check, and
// find the new one. What was signed with the old key is not signed again.
type RotateKey struct {
	Find  *FindMember
	Keys  KeyStore
	Maker KeyMaker
	Clock ports.Clock
}

// Handle gives the member of handle a new key pair (their first, if they
// had none) and answers its public key. A suspended or deleted member is
// not found.
func (uc *RotateKey) Handle(ctx context.Context, handle string) (Member, PublicKey, error) {
	m, err := uc.Find.ByHandle(ctx, handle)
	if err != nil {
		return Member{}, PublicKey{}, err
	}
	pair, err := uc.Maker.NewKeyPair()
	if err != nil {
		return Member{}, PublicKey{}, fmt.Errorf("rotate key of %s: make: %w", m.ID, err)
	}
	if err := uc.Keys.ReplaceKey(ctx, m.ID, pair, uc.Clock.Now()); err != nil {
		return Member{}, PublicKey{}, fmt.Errorf("rotate key of %s: store: %w", m.ID, err)
	}
	k, err := uc.Keys.PublicKey(ctx, m.ID)
	return m, k, wrapKey(m.ID, err)
}

// Site gives the site actor a new key pair (its first, if it had none)
// and answers its public key, under the same key id.
func (uc *RotateKey) Site(ctx context.Context) (PublicKey, error) {
	pair, err := uc.Maker.NewKeyPair()
	if err != nil {
		return PublicKey{}, fmt.Errorf("rotate the site key: make: %w", err)
	}
	if err := uc.Keys.ReplaceKey(ctx, SiteActorID, pair, uc.Clock.Now()); err != nil {
		return PublicKey{}, fmt.Errorf("rotate the site key: store: %w", err)
	}
	k, err := uc.Keys.PublicKey(ctx, SiteActorID)
	return k, wrapKey(SiteActorID, err)
}
