package pgstore

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"social/platform/pgkit"
)

// Keys keeps the VAPID key made when none is configured.
type Keys struct{ db *bun.DB }

// NewKeys makes the store.
func NewKeys(db *bun.DB) *Keys { return &Keys{db: db} }

// Keep stores candidate unless a key is there, and returns the stored one:
// two nodes starting together both read the key of the first insert.
func (k *Keys) Keep(ctx context.Context, candidate []byte, now time.Time) ([]byte, error) {
	db := pgkit.IDB(ctx, k.db)
	if _, err := db.NewRaw(`INSERT INTO push_vapid_keys (id, private_key, created_at) VALUES (1, ?, ?)
		ON CONFLICT (id) DO NOTHING`, candidate, now).Exec(ctx); err != nil {
		return nil, err
	}
	// Read in a statement of its own: its snapshot sees the row of
	// whichever insert won, ours or another node's.
	var key []byte
	err := db.NewRaw(`SELECT private_key FROM push_vapid_keys WHERE id = 1`).Scan(ctx, &key)
	return key, err
}
