package postgres

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"social/core/domain"
	"social/core/ports"
	"social/kit/plugin"
	"social/platform/pgkit"
)

// IdempotencyKeys keeps members' Idempotency-Keys in idempotency_keys (see
// ports.IdempotencyKeys). The claim is one INSERT ... ON CONFLICT, so of two
// requests racing with one key exactly one gets it. A claim names the
// process that runs its request (its NodeLease): a retry takes over the
// unfinished claim of a process whose lease lapsed (it was killed), as it
// does one older than the abandon time.
type IdempotencyKeys struct {
	db    *bun.DB
	clock ports.Clock
	lease *NodeLease
}

// NewIdempotencyKeys makes the store; claims name lease's process.
func NewIdempotencyKeys(db *bun.DB, clock ports.Clock, lease *NodeLease) *IdempotencyKeys {
	return &IdempotencyKeys{db: db, clock: clock, lease: lease}
}

// IdempotencyKeyTTL is how long a key answers its first answer again.
const IdempotencyKeyTTL = 24 * time.Hour

// Claim takes the key, or says what it holds.
func (s *IdempotencyKeys) Claim(ctx context.Context, member domain.UserID, key string, abandonAfter time.Duration) (bool, ports.IdempotentAnswer, error) {
	if err := s.lease.Take(ctx); err != nil {
		return false, ports.IdempotentAnswer{}, err
	}
	now := s.clock.Now()
	var claimed []bool
	err := s.db.NewRaw(`INSERT INTO idempotency_keys (member_id, key, claimed_at, expires_at, claimed_by)
		VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (member_id, key) DO UPDATE
			SET claimed_at = EXCLUDED.claimed_at, expires_at = EXCLUDED.expires_at, claimed_by = EXCLUDED.claimed_by,
				fingerprint = NULL, status = NULL, content_type = NULL, body = NULL
			WHERE idempotency_keys.expires_at <= EXCLUDED.claimed_at
				OR (idempotency_keys.status IS NULL AND (idempotency_keys.claimed_at < ?
					OR NOT EXISTS (SELECT 1 FROM node_leases l
						WHERE l.node_id = idempotency_keys.claimed_by AND l.alive_until > EXCLUDED.claimed_at)))
		RETURNING true`, uuid.UUID(member), key, now, now.Add(IdempotencyKeyTTL), s.lease.ID(), now.Add(-abandonAfter)).
		Scan(ctx, &claimed)
	if err != nil {
		return false, ports.IdempotentAnswer{}, fmt.Errorf("claim idempotency key: %w", err)
	}
	if len(claimed) == 1 {
		return true, ports.IdempotentAnswer{}, nil
	}
	var row struct {
		Fingerprint []byte
		Status      sql.NullInt32
		ContentType sql.NullString
		Body        []byte
	}
	err = s.db.NewRaw(`SELECT fingerprint, status, content_type, body FROM idempotency_keys
		WHERE member_id = ? AND key = ?`, uuid.UUID(member), key).Scan(ctx, &row)
	if errors.Is(err, sql.ErrNoRows) {
		// Released between the two statements: the retry is told to come back.
		return false, ports.IdempotentAnswer{}, nil
	}
	if err != nil {
		return false, ports.IdempotentAnswer{}, fmt.Errorf("read idempotency key: %w", err)
	}
	return false, ports.IdempotentAnswer{Done: row.Status.Valid, Fingerprint: row.Fingerprint,
		Status: int(row.Status.Int32), ContentType: row.ContentType.String, Body: row.Body}, nil
}

// Finish stores the answer of the request that claimed the key.
func (s *IdempotencyKeys) Finish(ctx context.Context, member domain.UserID, key string, a ports.IdempotentAnswer) error {
	_, err := s.db.NewRaw(`UPDATE idempotency_keys SET fingerprint = ?, status = ?, content_type = ?, body = ?
		WHERE member_id = ? AND key = ?`, a.Fingerprint, a.Status, a.ContentType, a.Body, uuid.UUID(member), key).
		Exec(ctx)
	if err != nil {
		return fmt.Errorf("store idempotent answer: %w", err)
	}
	return nil
}

// Release deletes an unfinished claim.
func (s *IdempotencyKeys) Release(ctx context.Context, member domain.UserID, key string) error {
	_, err := s.db.NewRaw(`DELETE FROM idempotency_keys WHERE member_id = ? AND key = ? AND status IS NULL`,
		uuid.UUID(member), key).Exec(ctx)
	if err != nil {
		return fmt.Errorf("release idempotency key: %w", err)
	}
	return nil
}

// Prune deletes expired keys, and the leases of processes gone for an
// hour, and returns how many keys.
func (s *IdempotencyKeys) Prune(ctx context.Context) (int64, error) {
	if _, err := deleteRows(ctx, pgkit.IDB(ctx, s.db), "node leases",
		`DELETE FROM node_leases WHERE alive_until < ?`, s.clock.Now().Add(-time.Hour)); err != nil {
		return 0, err
	}
	return deleteRows(ctx, pgkit.IDB(ctx, s.db), "idempotency keys",
		`DELETE FROM idempotency_keys WHERE expires_at < ?`, s.clock.Now())
}

// PruneIdempotencyKeysArgs is the periodic job that deletes expired keys.
type PruneIdempotencyKeysArgs struct{}

// Kind is the job's stable name.
func (PruneIdempotencyKeysArgs) Kind() string { return "idempotency.prune" }

func newPruneIdempotencyKeysWorker(k *IdempotencyKeys) plugin.Worker {
	return plugin.NewWorker("", &PruneWorker[PruneIdempotencyKeysArgs]{Store: k})
}

func newPruneIdempotencyKeysJob() plugin.PeriodicJob {
	return prunePeriodically[PruneIdempotencyKeysArgs](time.Hour)
}
