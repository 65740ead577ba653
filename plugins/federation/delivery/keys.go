package delivery

import (
	"context"
	"crypto"
	"errors"
	"fmt"

	"social/core/domain"
	"social/kit/httpsig"
	"social/plugins/federation/app"
)

// PrivateKeys reads the members' private keys (PEM).
type PrivateKeys interface {
	PrivateKey(ctx context.Context, member domain.UserID) (string, error)
}

// StoreKeys are the members' signing keys as the store keeps them, the
// pair made by MemberKey for a member who has none yet.
type StoreKeys struct {
	Private PrivateKeys
	Make    *app.MemberKey
}

// SigningKey is member's private key.
func (k StoreKeys) SigningKey(ctx context.Context, member domain.UserID) (crypto.Signer, error) {
	pemText, err := k.Private.PrivateKey(ctx, member)
	if errors.Is(err, domain.ErrNotFound) {
		if _, err = k.Make.Handle(ctx, member); err != nil {
			return nil, err
		}
		pemText, err = k.Private.PrivateKey(ctx, member)
	}
	if err != nil {
		return nil, fmt.Errorf("signing key of %s: %w", member, err)
	}
	key, err := httpsig.ParsePrivateKeyPEM(pemText)
	if err != nil {
		// Never the key itself in the error: it is logged.
		return nil, fmt.Errorf("signing key of %s: unreadable", member)
	}
	return key, nil
}
