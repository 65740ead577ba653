package app

import (
	"context"
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"fmt"
	"sync"

	"social/core/ports"
)

// Keys is the server's VAPID identity: the configured key, or else the one
// kept in the database (made by the first node to need it).
type Keys struct {
	Configured *ecdh.PrivateKey
	Store      KeyStore
	Clock      ports.Clock
	Subject    string

	mu  sync.Mutex
	key *ecdsa.PrivateKey
}

// Identity is the key and contact that sign pushes.
func (k *Keys) Identity(ctx context.Context) (ports.PushIdentity, error) {
	key, err := k.load(ctx)
	if err != nil {
		return ports.PushIdentity{}, err
	}
	return ports.PushIdentity{Key: key, Subject: k.Subject}, nil
}

// PublicKey is the key browsers subscribe with (applicationServerKey):
// an uncompressed P-256 point.
func (k *Keys) PublicKey(ctx context.Context) ([]byte, error) {
	key, err := k.load(ctx)
	if err != nil {
		return nil, err
	}
	pub, err := key.PublicKey.ECDH()
	if err != nil {
		return nil, err
	}
	return pub.Bytes(), nil
}

// load reads the key once; a failed read is tried again next time.
func (k *Keys) load(ctx context.Context) (*ecdsa.PrivateKey, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.key != nil {
		return k.key, nil
	}
	raw := []byte(nil)
	if k.Configured != nil {
		raw = k.Configured.Bytes()
	} else {
		candidate, err := ecdh.P256().GenerateKey(rand.Reader)
		if err != nil {
			return nil, fmt.Errorf("make VAPID key: %w", err)
		}
		if raw, err = k.Store.Keep(ctx, candidate.Bytes(), k.Clock.Now()); err != nil {
			return nil, fmt.Errorf("keep VAPID key: %w", err)
		}
	}
	key, err := ecdsa.ParseRawPrivateKey(elliptic.P256(), raw)
	if err != nil {
		return nil, fmt.Errorf("read VAPID key: %w", err)
	}
	k.key = key
	return key, nil
}
