package app

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/go-webauthn/webauthn/webauthn"
	"github.com/google/uuid"

	"social/core/domain"
)

// passkeyUser is a member as the WebAuthn library sees them: the user
// handle is the account's ID, so a passkey alone names its member.
type passkeyUser struct {
	id    domain.UserID
	name  string
	creds []webauthn.Credential
}

func (u passkeyUser) WebAuthnID() []byte {
	id := uuid.UUID(u.id)
	return id[:]
}
func (u passkeyUser) WebAuthnName() string                       { return u.name }
func (u passkeyUser) WebAuthnDisplayName() string                { return u.name }
func (u passkeyUser) WebAuthnCredentials() []webauthn.Credential { return u.creds }

// loadPasskeyUser reads a member's passkeys into a passkeyUser.
func loadPasskeyUser(ctx context.Context, store Store, acc domain.UserID, name string) (passkeyUser, []Passkey, error) {
	keys, err := store.Passkeys(ctx, acc)
	if err != nil {
		return passkeyUser{}, nil, fmt.Errorf("passkeys of %s: %w", acc, err)
	}
	u := passkeyUser{id: acc, name: name}
	for _, k := range keys {
		var c webauthn.Credential
		if err := json.Unmarshal(k.Credential, &c); err != nil {
			return passkeyUser{}, nil, fmt.Errorf("passkey %s: %w", k.ID, err)
		}
		u.creds = append(u.creds, c)
	}
	return u, keys, nil
}

// publicKeyOptions is the publicKey member of a ceremony's options, the
// part navigator.credentials.create/get take.
func publicKeyOptions(v any) (json.RawMessage, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	var wrapper struct {
		PublicKey json.RawMessage `json:"publicKey"`
	}
	if err := json.Unmarshal(b, &wrapper); err != nil {
		return nil, err
	}
	return wrapper.PublicKey, nil
}
