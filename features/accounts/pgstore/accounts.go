package pgstore

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"social/core/domain"
	profiles "social/features/profiles/app"
	"social/platform/pgkit"
)

type AccountRow struct {
	bun.BaseModel `bun:"table:accounts"`
	ID            uuid.UUID  `bun:"id,pk"`
	Email         string     `bun:"email"`
	PasswordHash  string     `bun:"password_hash"`
	Role          string     `bun:"role"`
	ConfirmedAt   *time.Time `bun:"confirmed_at"`
	SuspendedAt   *time.Time `bun:"suspended_at"`
	SuspendedWhy  *string    `bun:"suspended_reason"`
	CreatedAt     time.Time  `bun:"created_at"`
	UpdatedAt     time.Time  `bun:"updated_at"`
}

func (r AccountRow) Domain() domain.Account {
	return domain.Account{ID: domain.UserID(r.ID), Email: r.Email, PasswordHash: r.PasswordHash,
		Role: domain.Role(r.Role), ConfirmedAt: r.ConfirmedAt, SuspendedAt: r.SuspendedAt, SuspendedReason: r.SuspendedWhy,
		CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt}
}

// Accounts stores member accounts. A new account's profile is the profiles
// feature's, written by its store in the same transaction.
type Accounts struct {
	db       *bun.DB
	profiles profiles.ProfileCreator
}

// NewAccounts makes the account store.
func NewAccounts(db *bun.DB, p profiles.ProfileCreator) *Accounts {
	return &Accounts{db: db, profiles: p}
}

// Create inserts an account and its profile. A duplicate e-mail (any case)
// or handle is domain.ErrEmailTaken or domain.ErrHandleTaken: the unique
// indexes decide, so two sign-ups racing cannot both win.
func (s *Accounts) Create(ctx context.Context, a domain.Account, p domain.Profile) error {
	return pgkit.NewTransactor(s.db).InTx(ctx, func(ctx context.Context) error {
		db := pgkit.IDB(ctx, s.db)
		row := AccountRow{ID: uuid.UUID(a.ID), Email: a.Email, PasswordHash: a.PasswordHash, Role: string(a.Role),
			ConfirmedAt: a.ConfirmedAt, CreatedAt: a.CreatedAt, UpdatedAt: a.UpdatedAt}
		if _, err := db.NewInsert().Model(&row).Exec(ctx); err != nil {
			if pgkit.UniqueViolation(err) == "accounts_email_key" {
				return domain.ErrEmailTaken
			}
			return fmt.Errorf("insert account: %w", err)
		}
		return s.profiles.Create(ctx, p)
	})
}

// ByEmail finds an account by e-mail, case-insensitively.
func (s *Accounts) ByEmail(ctx context.Context, email string) (domain.Account, error) {
	var row AccountRow
	err := pgkit.IDB(ctx, s.db).NewSelect().Model(&row).Where("lower(email) = lower(?)", email).Scan(ctx)
	return row.Domain(), pgkit.NotFound(err)
}

// ByID reads one account.
func (s *Accounts) ByID(ctx context.Context, id domain.UserID) (domain.Account, error) {
	var row AccountRow
	err := pgkit.IDB(ctx, s.db).NewSelect().Model(&row).Where("id = ?", uuid.UUID(id)).Scan(ctx)
	return row.Domain(), pgkit.NotFound(err)
}

// Confirm marks the e-mail confirmed unless it already is.
func (s *Accounts) Confirm(ctx context.Context, id domain.UserID, at time.Time) error {
	_, err := pgkit.IDB(ctx, s.db).NewUpdate().Model((*AccountRow)(nil)).
		Set("confirmed_at = ?", at).Set("updated_at = ?", at).
		Where("id = ?", uuid.UUID(id)).Where("confirmed_at IS NULL").Exec(ctx)
	if err != nil {
		return fmt.Errorf("confirm account %s: %w", id, err)
	}
	return nil
}

// SetPassword stores a new password hash.
func (s *Accounts) SetPassword(ctx context.Context, id domain.UserID, hash string, at time.Time) error {
	res, err := pgkit.IDB(ctx, s.db).NewUpdate().Model((*AccountRow)(nil)).
		Set("password_hash = ?", hash).Set("updated_at = ?", at).
		Where("id = ?", uuid.UUID(id)).Exec(ctx)
	if err != nil {
		return fmt.Errorf("set password of %s: %w", id, err)
	}
	return pgkit.AffectedOne(res)
}

// Lock reads one account and holds its row until the transaction of ctx
// ends (FOR NO KEY UPDATE: sessions and profiles pointing at it may still
// be written).
func (s *Accounts) Lock(ctx context.Context, id domain.UserID) (domain.Account, error) {
	var row AccountRow
	err := pgkit.IDB(ctx, s.db).NewSelect().Model(&row).Where("id = ?", uuid.UUID(id)).For("NO KEY UPDATE").Scan(ctx)
	return row.Domain(), pgkit.NotFound(err)
}

// SetRole stores a member's role.
func (s *Accounts) SetRole(ctx context.Context, id domain.UserID, role domain.Role, at time.Time) error {
	res, err := pgkit.IDB(ctx, s.db).NewUpdate().Model((*AccountRow)(nil)).
		Set("role = ?", string(role)).Set("updated_at = ?", at).
		Where("id = ?", uuid.UUID(id)).Exec(ctx)
	if err != nil {
		return fmt.Errorf("set role of %s: %w", id, err)
	}
	return pgkit.AffectedOne(res)
}

// SetSuspension suspends (since set) or lifts a suspension (since nil).
func (s *Accounts) SetSuspension(ctx context.Context, id domain.UserID, since *time.Time, reason *string, at time.Time) error {
	res, err := pgkit.IDB(ctx, s.db).NewUpdate().Model((*AccountRow)(nil)).
		Set("suspended_at = ?", since).Set("suspended_reason = ?", reason).Set("updated_at = ?", at).
		Where("id = ?", uuid.UUID(id)).Exec(ctx)
	if err != nil {
		return fmt.Errorf("set suspension of %s: %w", id, err)
	}
	return pgkit.AffectedOne(res)
}
