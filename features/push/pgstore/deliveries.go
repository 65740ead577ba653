package pgstore

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"social/core/domain"
	push "social/features/push/app"
	"social/platform/pgkit"
)

// Deliveries counts pushes by job (a retried job sends once) and by member
// (the cap per minute, the same on every node).
type Deliveries struct {
	db *bun.DB
	tx *pgkit.Transactor
}

// NewDeliveries makes the store.
func NewDeliveries(db *bun.DB, tx *pgkit.Transactor) *Deliveries { return &Deliveries{db: db, tx: tx} }

// Claim reserves job's push. An advisory lock on the member, held for this
// short transaction only, keeps two nodes counting the same member's
// minute from both taking its last place.
func (d *Deliveries) Claim(ctx context.Context, job int64, member domain.UserID, perMinute int, now time.Time) (push.Claim, error) {
	claim := push.ClaimSend
	err := d.tx.InTx(ctx, func(ctx context.Context) error {
		db := pgkit.IDB(ctx, d.db)
		if _, err := db.NewRaw(`SELECT pg_advisory_xact_lock(hashtextextended('push:' || ?::text, 0))`,
			uuid.UUID(member)).Exec(ctx); err != nil {
			return err
		}
		var mine []bool
		if err := db.NewRaw(`SELECT sent FROM push_deliveries WHERE job_id = ?`, job).Scan(ctx, &mine); err != nil {
			return err
		}
		if len(mine) == 1 && mine[0] {
			claim = push.ClaimSent
			return nil
		}
		var recent int
		if err := db.NewRaw(`SELECT count(*) FROM push_deliveries WHERE account_id = ? AND at > ? AND job_id <> ?`,
			uuid.UUID(member), now.Add(-time.Minute), job).Scan(ctx, &recent); err != nil {
			return err
		}
		if recent >= perMinute {
			claim = push.ClaimCapped
			return nil
		}
		// The day-old rows of this member go as new ones come.
		if _, err := db.NewRaw(`DELETE FROM push_deliveries WHERE account_id = ? AND at < ?`,
			uuid.UUID(member), now.Add(-24*time.Hour)).Exec(ctx); err != nil {
			return err
		}
		_, err := db.NewRaw(`INSERT INTO push_deliveries (job_id, account_id, sent, at) VALUES (?, ?, false, ?)
			ON CONFLICT (job_id) DO UPDATE SET at = EXCLUDED.at`, job, uuid.UUID(member), now).Exec(ctx)
		return err
	})
	return claim, err
}

// Sent marks job's push sent.
func (d *Deliveries) Sent(ctx context.Context, job int64) error {
	_, err := pgkit.IDB(ctx, d.db).NewRaw(`UPDATE push_deliveries SET sent = true WHERE job_id = ?`, job).Exec(ctx)
	return err
}

// Release removes job's reservation.
func (d *Deliveries) Release(ctx context.Context, job int64) error {
	_, err := pgkit.IDB(ctx, d.db).NewRaw(`DELETE FROM push_deliveries WHERE job_id = ? AND NOT sent`, job).Exec(ctx)
	return err
}
