package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"social/core/domain"
	"social/core/ports"
)

// KeyPair is a fresh key pair as PEM: the public key (SubjectPublicKeyInfo)
// and the private one (PKCS #8).
type KeyPair struct {
	PublicPEM  string
	PrivatePEM string
}

// String, GoString and LogValue hide the private half: a pair printed or
// logged by mistake shows no secret.
func (p KeyPair) String() string       { return "KeyPair{PrivatePEM: [hidden]}" }
func (p KeyPair) GoString() string     { return p.String() }
func (p KeyPair) LogValue() slog.Value { return slog.StringValue(p.String()) }

// KeyMaker makes key pairs (RSA-2048, what the social web's signatures
// expect of an actor's key today).
type KeyMaker interface {
	NewKeyPair() (KeyPair, error)
}

// PublicKey is what a member's actor shows of their key.
type PublicKey struct {
	PEM       string
	CreatedAt time.Time
	// RotatedAt is when the pair was last replaced; zero for never.
	RotatedAt time.Time
}

// KeyStore keeps one key pair per member.
type KeyStore interface {
	// PublicKey is member's public key; domain.ErrNotFound before the
	// first is made.
	PublicKey(ctx context.Context, member domain.UserID) (PublicKey, error)
	// AddKey stores pair as member's unless they already have one (then
	// nothing changes): the first of two racing first uses wins.
	AddKey(ctx context.Context, member domain.UserID, pair KeyPair, at time.Time) error
	// ReplaceKey stores pair as member's, replacing the one they have.
	ReplaceKey(ctx context.Context, member domain.UserID, pair KeyPair, at time.Time) error
}

// MemberKey answers a member's public key, making the pair the first time
// it is asked for: most members never meet another server, and a pair
// costs tens of milliseconds to make.
type MemberKey struct {
	Keys  KeyStore
	Maker KeyMaker
	Clock ports.Clock
}

// Handle is member's public key, made and stored if they had none. Two
// first uses at once may each make a pair; one is stored and both answer
// it.
func (uc *MemberKey) Handle(ctx context.Context, member domain.UserID) (PublicKey, error) {
	k, err := uc.Keys.PublicKey(ctx, member)
	if !errors.Is(err, domain.ErrNotFound) {
		return k, wrapKey(member, err)
	}
	pair, err := uc.Maker.NewKeyPair()
	if err != nil {
		return PublicKey{}, fmt.Errorf("key of %s: make: %w", member, err)
	}
	if err := uc.Keys.AddKey(ctx, member, pair, uc.Clock.Now()); err != nil {
		return PublicKey{}, fmt.Errorf("key of %s: store: %w", member, err)
	}
	k, err = uc.Keys.PublicKey(ctx, member)
	return k, wrapKey(member, err)
}

func wrapKey(member domain.UserID, err error) error {
	if err != nil {
		return fmt.Errorf("key of %s: %w", member, err)
	}
	return nil
}
