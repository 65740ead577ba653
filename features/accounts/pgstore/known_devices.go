package pgstore

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"social/core/domain"
	"social/platform/pgkit"
)

// KnownDevices stores the devices members signed in from, by the hash of
// their social_device token (accounts.KnownDevices).
type KnownDevices struct{ db *bun.DB }

// NewKnownDevices makes the store.
func NewKnownDevices(db *bun.DB) *KnownDevices { return &KnownDevices{db: db} }

// devicesKept is how many devices a member keeps (the most recently used).
const devicesKept = 20

// AccountOf is the member a device belongs to, or domain.ErrNotFound.
func (s *KnownDevices) AccountOf(ctx context.Context, tokenHash []byte) (domain.UserID, error) {
	var id uuid.UUID
	err := pgkit.IDB(ctx, s.db).NewRaw(`SELECT account_id FROM known_devices WHERE token_hash = ?`, tokenHash).Scan(ctx, &id)
	if err != nil {
		return domain.UserID{}, pgkit.NotFound(err)
	}
	return domain.UserID(id), nil
}

// AnyOf reports whether the member has a known device.
func (s *KnownDevices) AnyOf(ctx context.Context, account domain.UserID) (bool, error) {
	var any bool
	err := pgkit.IDB(ctx, s.db).NewRaw(`SELECT EXISTS (SELECT 1 FROM known_devices WHERE account_id = ?)`,
		uuid.UUID(account)).Scan(ctx, &any)
	return any, err
}

// Remember adds the device, or marks it used now, and forgets the member's
// devices beyond the most recent devicesKept.
func (s *KnownDevices) Remember(ctx context.Context, account domain.UserID, tokenHash []byte, now time.Time) error {
	return pgkit.NewTransactor(s.db).InTx(ctx, func(ctx context.Context) error {
		db := pgkit.IDB(ctx, s.db)
		if _, err := db.NewRaw(`INSERT INTO known_devices (token_hash, account_id, created_at, last_used_at) VALUES (?, ?, ?, ?)
			ON CONFLICT (token_hash) DO UPDATE SET last_used_at = excluded.last_used_at
			WHERE known_devices.account_id = excluded.account_id`, tokenHash, uuid.UUID(account), now, now).Exec(ctx); err != nil {
			return fmt.Errorf("remember device: %w", err)
		}
		if _, err := db.NewRaw(`DELETE FROM known_devices WHERE account_id = ? AND token_hash NOT IN
			(SELECT token_hash FROM known_devices WHERE account_id = ? ORDER BY last_used_at DESC LIMIT ?)`,
			uuid.UUID(account), uuid.UUID(account), devicesKept).Exec(ctx); err != nil {
			return fmt.Errorf("forget old devices: %w", err)
		}
		return nil
	})
}
