package postgres

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"
	"go.uber.org/fx"

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
// does one older than the abandon time, unless the claim's write
// committed (committed_at, set in the write's own transaction): then the
// key answers Applied and the request is not run again. A Finish or a
// Release that fails (the database away) is retried in the background
// (keyWrites), so that the key does not stay claimed by a live process.
type IdempotencyKeys struct {
	db    *bun.DB
	clock ports.Clock
	lease *NodeLease
	later *keyWrites
}

// NewIdempotencyKeys makes the store; claims name lease's process.
func NewIdempotencyKeys(db *bun.DB, clock ports.Clock, lease *NodeLease) *IdempotencyKeys {
	s := &IdempotencyKeys{db: db, clock: clock, lease: lease}
	s.later = newKeyWrites(lease.log, s.write)
	return s
}

// IdempotencyKeyTTL is how long a key answers its first answer again.
const IdempotencyKeyTTL = 24 * time.Hour

// holderGone is the SQL condition, on a row k of idempotency_keys, that
// no live request holds the claim any more: released after its write
// committed (claimed_by NULL), abandoned (older than the first argument),
// or its process's lease lapsed (by the second).
const holderGone = `(k.claimed_by IS NULL OR k.claimed_at < ?
	OR NOT EXISTS (SELECT 1 FROM node_leases l WHERE l.node_id = k.claimed_by AND l.alive_until > ?))`

// Claim takes the key, or says what it holds.
func (s *IdempotencyKeys) Claim(ctx context.Context, member domain.UserID, key string, abandonAfter time.Duration) (bool, ports.IdempotentAnswer, error) {
	if err := s.lease.Take(ctx); err != nil {
		return false, ports.IdempotentAnswer{}, err
	}
	now := s.clock.Now()
	abandoned := now.Add(-abandonAfter)
	var claimed []bool
	err := s.db.NewRaw(`INSERT INTO idempotency_keys AS k (member_id, key, claimed_at, expires_at, claimed_by)
		VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (member_id, key) DO UPDATE
			SET claimed_at = EXCLUDED.claimed_at, expires_at = EXCLUDED.expires_at, claimed_by = EXCLUDED.claimed_by,
				fingerprint = NULL, status = NULL, content_type = NULL, body = NULL, committed_at = NULL
			WHERE k.expires_at <= EXCLUDED.claimed_at
				OR (k.status IS NULL AND k.committed_at IS NULL AND `+holderGone+`)
		RETURNING true`, uuid.UUID(member), key, now, now.Add(IdempotencyKeyTTL), s.lease.ID(), abandoned, now).
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
		Committed   bool
		Gone        bool
	}
	err = s.db.NewRaw(`SELECT fingerprint, status, content_type, body,
			committed_at IS NOT NULL AS committed, `+holderGone+` AS gone
		FROM idempotency_keys k WHERE member_id = ? AND key = ?`, abandoned, now, uuid.UUID(member), key).Scan(ctx, &row)
	if errors.Is(err, sql.ErrNoRows) {
		// Released between the two statements: the retry is told to come back.
		return false, ports.IdempotentAnswer{}, nil
	}
	if err != nil {
		return false, ports.IdempotentAnswer{}, fmt.Errorf("read idempotency key: %w", err)
	}
	return false, ports.IdempotentAnswer{Done: row.Status.Valid, Applied: !row.Status.Valid && row.Committed && row.Gone,
		Fingerprint: row.Fingerprint, Status: int(row.Status.Int32), ContentType: row.ContentType.String, Body: row.Body}, nil
}

// MarkCommitted sets committed_at in the transaction ctx carries, on the
// claim this process holds.
func (s *IdempotencyKeys) MarkCommitted(ctx context.Context, member domain.UserID, key string) error {
	res, err := pgkit.IDB(ctx, s.db).NewRaw(`UPDATE idempotency_keys SET committed_at = ?
		WHERE member_id = ? AND key = ? AND claimed_by = ? AND status IS NULL`,
		s.clock.Now(), uuid.UUID(member), key, s.lease.ID()).Exec(ctx)
	if err != nil {
		return fmt.Errorf("mark idempotency key committed: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return ports.ErrIdempotencyClaimLost
	}
	return nil
}

// Finish stores the answer of the request that claimed the key, now or,
// if the database cannot be reached, in the background.
func (s *IdempotencyKeys) Finish(ctx context.Context, member domain.UserID, key string, a ports.IdempotentAnswer) error {
	return s.now(ctx, keyWrite{member: member, key: key, answer: &a})
}

// Release deletes an unfinished claim whose write did not commit; one
// whose write committed is let go (claimed_by NULL) and answers Applied.
// Now or, if the database cannot be reached, in the background.
func (s *IdempotencyKeys) Release(ctx context.Context, member domain.UserID, key string) error {
	return s.now(ctx, keyWrite{member: member, key: key})
}

// now makes w at once, and hands it to the background retries if that
// fails.
func (s *IdempotencyKeys) now(ctx context.Context, w keyWrite) error {
	err := s.write(ctx, w)
	if err != nil {
		s.later.add(w)
	}
	return err
}

// write stores an answer or releases a claim, on the claim this process
// still holds: a late write never touches a claim taken over since.
func (s *IdempotencyKeys) write(ctx context.Context, w keyWrite) error {
	if a := w.answer; a != nil {
		_, err := s.db.NewRaw(`UPDATE idempotency_keys SET fingerprint = ?, status = ?, content_type = ?, body = ?
			WHERE member_id = ? AND key = ? AND claimed_by = ?`,
			a.Fingerprint, a.Status, a.ContentType, a.Body, uuid.UUID(w.member), w.key, s.lease.ID()).Exec(ctx)
		if err != nil {
			return fmt.Errorf("store idempotent answer: %w", err)
		}
		return nil
	}
	_, err := s.db.NewRaw(`WITH freed AS (
			DELETE FROM idempotency_keys
			WHERE member_id = ? AND key = ? AND claimed_by = ? AND status IS NULL AND committed_at IS NULL
			RETURNING 1)
		UPDATE idempotency_keys SET claimed_by = NULL
		WHERE member_id = ? AND key = ? AND claimed_by = ? AND status IS NULL AND committed_at IS NOT NULL`,
		uuid.UUID(w.member), w.key, s.lease.ID(), uuid.UUID(w.member), w.key, s.lease.ID()).Exec(ctx)
	if err != nil {
		return fmt.Errorf("release idempotency key: %w", err)
	}
	return nil
}

// Stop ends the background retries, within ctx. Claims left unfinished
// are taken over once this process's lease lapses.
func (s *IdempotencyKeys) Stop(ctx context.Context) error { return s.later.stop(ctx) }

// stopKeyWritesWithApp ends the background retries when the application
// stops.
func stopKeyWritesWithApp(lc fx.Lifecycle, s *IdempotencyKeys) {
	lc.Append(fx.Hook{OnStop: s.Stop})
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
