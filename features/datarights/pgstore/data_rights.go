package pgstore

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"social/core/domain"
	accounts "social/features/accounts/app"
	datarights "social/features/datarights/app"
	"social/platform/pgkit"
)

// DataRights keeps the members' exports, turns deleted accounts into
// tombstones and holds their handles.
type DataRights struct {
	db       *bun.DB
	accounts accounts.AccountLocker
}

// NewDataRights makes the store.
func NewDataRights(db *bun.DB, a accounts.AccountLocker) *DataRights {
	return &DataRights{db: db, accounts: a}
}

var (
	_ datarights.ExportStore    = (*DataRights)(nil)
	_ datarights.Tombstones     = (*DataRights)(nil)
	_ datarights.RemoteProfiles = (*DataRights)(nil)
	_ datarights.HandleHolds    = (*DataRights)(nil)
)

type exportRow struct {
	bun.BaseModel `bun:"table:data_exports"`
	ID            uuid.UUID  `bun:"id,pk"`
	MemberID      uuid.UUID  `bun:"member_id"`
	Status        string     `bun:"status"`
	Step          *string    `bun:"step"`
	Progress      int        `bun:"progress"`
	ArchiveKey    *string    `bun:"archive_key"`
	SizeBytes     *int64     `bun:"size_bytes"`
	RequestedAt   time.Time  `bun:"requested_at"`
	FinishedAt    *time.Time `bun:"finished_at"`
	ExpiresAt     *time.Time `bun:"expires_at"`
}

func (r exportRow) export() datarights.Export {
	e := datarights.Export{ID: r.ID, MemberID: domain.UserID(r.MemberID), Status: datarights.ExportStatus(r.Status),
		Progress: r.Progress, ArchiveKey: r.ArchiveKey, SizeBytes: r.SizeBytes, RequestedAt: r.RequestedAt,
		FinishedAt: r.FinishedAt, ExpiresAt: r.ExpiresAt}
	if r.Step != nil {
		e.Step = *r.Step
	}
	return e
}

// Create inserts a queued export; the partial unique index refuses a
// second running one of the same member.
func (s *DataRights) Create(ctx context.Context, e datarights.Export) error {
	row := exportRow{ID: e.ID, MemberID: uuid.UUID(e.MemberID), Status: string(e.Status), RequestedAt: e.RequestedAt}
	if _, err := pgkit.IDB(ctx, s.db).NewInsert().Model(&row).Exec(ctx); err != nil {
		if pgkit.UniqueViolation(err) == "data_exports_one_running" {
			return datarights.ErrExportRunning
		}
		return fmt.Errorf("insert export: %w", err)
	}
	return nil
}

// Latest is the member's most recent export, or nil.
func (s *DataRights) Latest(ctx context.Context, member domain.UserID) (*datarights.Export, error) {
	var rows []exportRow
	if err := pgkit.IDB(ctx, s.db).NewSelect().Model(&rows).Where("member_id = ?", uuid.UUID(member)).
		OrderExpr("requested_at DESC, id DESC").Limit(1).Scan(ctx); err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, nil
	}
	e := rows[0].export()
	return &e, nil
}

// LastCounted is when the member last asked for an export that did not fail.
func (s *DataRights) LastCounted(ctx context.Context, member domain.UserID) (*time.Time, error) {
	var at []time.Time
	if err := pgkit.IDB(ctx, s.db).NewRaw(`SELECT requested_at FROM data_exports WHERE member_id = ? AND status <> 'failed'
		ORDER BY requested_at DESC LIMIT 1`, uuid.UUID(member)).Scan(ctx, &at); err != nil {
		return nil, err
	}
	if len(at) == 0 {
		return nil, nil
	}
	return &at[0], nil
}

// ByID reads one export (domain.ErrNotFound when gone).
func (s *DataRights) ByID(ctx context.Context, id uuid.UUID) (datarights.Export, error) {
	var row exportRow
	err := pgkit.IDB(ctx, s.db).NewSelect().Model(&row).Where("id = ?", id).Scan(ctx)
	return row.export(), pgkit.NotFound(err)
}

// SetProgress records the step being built; the export is building from
// its first step on.
func (s *DataRights) SetProgress(ctx context.Context, id uuid.UUID, step string, progress int) error {
	_, err := pgkit.IDB(ctx, s.db).NewRaw(`UPDATE data_exports SET status = 'building', step = ?, progress = ?
		WHERE id = ? AND status IN ('queued', 'building')`, step, progress, id).Exec(ctx)
	return err
}

// MarkReady records the stored archive (domain.ErrNotFound when the export
// is no longer running).
func (s *DataRights) MarkReady(ctx context.Context, id uuid.UUID, key string, size int64, at, expires time.Time) error {
	res, err := pgkit.IDB(ctx, s.db).NewRaw(`UPDATE data_exports SET status = 'ready', step = NULL, progress = 100,
		archive_key = ?, size_bytes = ?, finished_at = ?, expires_at = ?
		WHERE id = ? AND status IN ('queued', 'building')`, key, size, at, expires, id).Exec(ctx)
	return updatedOne(res, err)
}

// MarkFailed ends a running export as failed.
func (s *DataRights) MarkFailed(ctx context.Context, id uuid.UUID, at time.Time) error {
	_, err := pgkit.IDB(ctx, s.db).NewRaw(`UPDATE data_exports SET status = 'failed', step = NULL, finished_at = ?
		WHERE id = ? AND status IN ('queued', 'building')`, at, id).Exec(ctx)
	return err
}

// Expired lists ready exports past their time.
func (s *DataRights) Expired(ctx context.Context, now time.Time, limit int) ([]datarights.Export, error) {
	var rows []exportRow
	if err := pgkit.IDB(ctx, s.db).NewSelect().Model(&rows).Where("status = 'ready' AND expires_at <= ?", now).
		OrderExpr("expires_at, id").Limit(int64(limit)).Scan(ctx); err != nil {
		return nil, err
	}
	out := make([]datarights.Export, 0, len(rows))
	for _, r := range rows {
		out = append(out, r.export())
	}
	return out, nil
}

// MarkExpired records that the archive was removed.
func (s *DataRights) MarkExpired(ctx context.Context, id uuid.UUID) error {
	_, err := pgkit.IDB(ctx, s.db).NewRaw(`UPDATE data_exports SET status = 'expired', archive_key = NULL
		WHERE id = ? AND status = 'ready'`, id).Exec(ctx)
	return err
}

// Lock reads the account and holds its row, through the accounts
// feature's store.
func (s *DataRights) Lock(ctx context.Context, id domain.UserID) (domain.Account, error) {
	return s.accounts.Lock(ctx, id)
}

// Deleted reports whether the account was deleted (false when absent).
func (s *DataRights) Deleted(ctx context.Context, id domain.UserID) (bool, error) {
	var gone []bool
	if err := pgkit.IDB(ctx, s.db).NewRaw(`SELECT deleted_at IS NOT NULL FROM accounts WHERE id = ?`, uuid.UUID(id)).
		Scan(ctx, &gone); err != nil {
		return false, err
	}
	return len(gone) == 1 && gone[0], nil
}

// Tombstone scrubs the account and its profile. The handle kept on the
// tombstone is made from its ID: it matches the handle rule, no member
// would type it, and no two tombstones share it.
func (s *DataRights) Tombstone(ctx context.Context, id domain.UserID, at, holdUntil time.Time) ([]string, error) {
	db, uid := pgkit.IDB(ctx, s.db), uuid.UUID(id)
	var files []string
	if err := db.NewRaw(`SELECT k FROM (
			SELECT avatar_path AS k FROM profiles WHERE id = ?
			UNION ALL SELECT banner_path FROM profiles WHERE id = ?
			UNION ALL SELECT archive_key FROM data_exports WHERE member_id = ?) f
		WHERE k IS NOT NULL`, uid, uid, uid).Scan(ctx, &files); err != nil {
		return nil, fmt.Errorf("files of %s: %w", id, err)
	}
	if _, err := db.NewRaw(`INSERT INTO handle_holds (handle, held_until) SELECT handle, ? FROM profiles WHERE id = ?
		ON CONFLICT (handle) DO UPDATE SET held_until = greatest(handle_holds.held_until, EXCLUDED.held_until)`,
		holdUntil, uid).Exec(ctx); err != nil {
		return nil, fmt.Errorf("hold handle of %s: %w", id, err)
	}
	if _, err := db.NewRaw(`UPDATE profiles SET handle = '_' || right(replace(id::text, '-', ''), 29),
		display_name = ?, bio = NULL, location = NULL, website_url = NULL, avatar_path = NULL, banner_path = NULL,
		is_verified = false, updated_at = ? WHERE id = ?`, datarights.DeletedName, at, uid).Exec(ctx); err != nil {
		return nil, fmt.Errorf("scrub profile of %s: %w", id, err)
	}
	res, err := db.NewRaw(`UPDATE accounts SET deleted_at = ?, updated_at = ?,
		email = replace(id::text, '-', '') || '@excluida.invalid', password_hash = ''
		WHERE id = ? AND deleted_at IS NULL`, at, at, uid).Exec(ctx)
	if err := updatedOne(res, err); err != nil {
		return nil, fmt.Errorf("scrub account %s: %w", id, err)
	}
	for _, q := range []string{
		`DELETE FROM data_exports WHERE member_id = ?`,
		`DELETE FROM email_tokens WHERE account_id = ?`,
		`DELETE FROM idempotency_keys WHERE member_id = ?`,
	} {
		if _, err := db.NewRaw(q, uid).Exec(ctx); err != nil {
			return nil, fmt.Errorf("scrub %s: %w", id, err)
		}
	}
	return files, nil
}

// ReleaseHandles forgets the holds that ended.
func (s *DataRights) ReleaseHandles(ctx context.Context, now time.Time) (int, error) {
	res, err := pgkit.IDB(ctx, s.db).NewRaw(`DELETE FROM handle_holds WHERE held_until <= ?`, now).Exec(ctx)
	if err != nil {
		return 0, err
	}
	n, _ := res.RowsAffected()
	return int(n), nil
}

// updatedOne is domain.ErrNotFound for an update that matched no row.
func updatedOne(res sql.Result, err error) error {
	if err != nil {
		return err
	}
	return pgkit.AffectedOne(res)
}

// IsRemote reports whether id is a remote account's profile.
func (s *DataRights) IsRemote(ctx context.Context, id domain.UserID) (bool, error) {
	var remote []bool
	if err := pgkit.IDB(ctx, s.db).NewRaw(`SELECT domain IS NOT NULL FROM profiles WHERE id = ?`, uuid.UUID(id)).
		Scan(ctx, &remote); err != nil {
		return false, err
	}
	return len(remote) == 1 && remote[0], nil
}

// DeleteRemote deletes the remote profile id; a member's is never
// deleted here.
func (s *DataRights) DeleteRemote(ctx context.Context, id domain.UserID) error {
	_, err := pgkit.IDB(ctx, s.db).NewRaw(`DELETE FROM profiles WHERE id = ? AND domain IS NOT NULL`, uuid.UUID(id)).
		Exec(ctx)
	return err
}
