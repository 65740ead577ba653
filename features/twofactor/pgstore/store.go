package pgstore

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"social/core/domain"
	twofactor "social/features/twofactor/app"
	"social/platform/pgkit"
)

// Store is the twofactor.Store on PostgreSQL. Every method joins the
// transaction in the context.
type Store struct{ db *bun.DB }

// NewStore makes the store.
func NewStore(db *bun.DB) *Store { return &Store{db: db} }

var _ twofactor.Store = (*Store)(nil)

func (s *Store) idb(ctx context.Context) bun.IDB { return pgkit.IDB(ctx, s.db) }

func affected(res interface{ RowsAffected() (int64, error) }, err error) (bool, error) {
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

// TOTP reads the member's secret.
func (s *Store) TOTP(ctx context.Context, acc domain.UserID) (twofactor.TOTPRecord, error) {
	var row struct {
		Secret      []byte     `bun:"secret"`
		ConfirmedAt *time.Time `bun:"confirmed_at"`
		LastStep    int64      `bun:"last_step"`
	}
	err := s.idb(ctx).NewRaw(`SELECT secret, confirmed_at, last_step FROM twofactor_totp WHERE account_id = ?`,
		uuid.UUID(acc)).Scan(ctx, &row)
	if err != nil {
		return twofactor.TOTPRecord{}, pgkit.NotFound(err)
	}
	return twofactor.TOTPRecord{Secret: row.Secret, Confirmed: row.ConfirmedAt != nil, LastStep: row.LastStep}, nil
}

// PutPendingTOTP stores an unconfirmed secret unless a confirmed one is there.
func (s *Store) PutPendingTOTP(ctx context.Context, acc domain.UserID, secret []byte, now time.Time) (bool, error) {
	return affected(s.idb(ctx).NewRaw(`INSERT INTO twofactor_totp (account_id, secret, created_at) VALUES (?, ?, ?)
		ON CONFLICT (account_id) DO UPDATE SET secret = EXCLUDED.secret, created_at = EXCLUDED.created_at, last_step = 0
		WHERE twofactor_totp.confirmed_at IS NULL`, uuid.UUID(acc), secret, now).Exec(ctx))
}

// ConfirmTOTP confirms the unconfirmed secret.
func (s *Store) ConfirmTOTP(ctx context.Context, acc domain.UserID, step int64, now time.Time) (bool, error) {
	return affected(s.idb(ctx).NewRaw(`UPDATE twofactor_totp SET confirmed_at = ?, last_step = ?
		WHERE account_id = ? AND confirmed_at IS NULL`, now, step, uuid.UUID(acc)).Exec(ctx))
}

// UseTOTPStep records step as used unless it or a later one was.
func (s *Store) UseTOTPStep(ctx context.Context, acc domain.UserID, step int64) (bool, error) {
	return affected(s.idb(ctx).NewRaw(`UPDATE twofactor_totp SET last_step = ?
		WHERE account_id = ? AND confirmed_at IS NOT NULL AND last_step < ?`, step, uuid.UUID(acc), step).Exec(ctx))
}

// DeleteTOTP removes the member's secret.
func (s *Store) DeleteTOTP(ctx context.Context, acc domain.UserID) (bool, error) {
	return affected(s.idb(ctx).NewRaw(`DELETE FROM twofactor_totp WHERE account_id = ?`, uuid.UUID(acc)).Exec(ctx))
}

// ReplaceRecoveryCodes swaps the member's codes for hashes.
func (s *Store) ReplaceRecoveryCodes(ctx context.Context, acc domain.UserID, hashes [][]byte, now time.Time) error {
	db := s.idb(ctx)
	if _, err := db.NewRaw(`DELETE FROM twofactor_recovery_codes WHERE account_id = ?`, uuid.UUID(acc)).Exec(ctx); err != nil {
		return fmt.Errorf("delete recovery codes: %w", err)
	}
	for _, h := range hashes {
		if _, err := db.NewRaw(`INSERT INTO twofactor_recovery_codes (account_id, code_hash, created_at) VALUES (?, ?, ?)`,
			uuid.UUID(acc), h, now).Exec(ctx); err != nil {
			return fmt.Errorf("insert recovery code: %w", err)
		}
	}
	return nil
}

// UseRecoveryCode marks an unused code used.
func (s *Store) UseRecoveryCode(ctx context.Context, acc domain.UserID, hash []byte, now time.Time) (bool, error) {
	return affected(s.idb(ctx).NewRaw(`UPDATE twofactor_recovery_codes SET used_at = ?
		WHERE account_id = ? AND code_hash = ? AND used_at IS NULL`, now, uuid.UUID(acc), hash).Exec(ctx))
}

// RecoveryCodesLeft counts the unused codes.
func (s *Store) RecoveryCodesLeft(ctx context.Context, acc domain.UserID) (int, error) {
	var n int
	err := s.idb(ctx).NewRaw(`SELECT count(*) FROM twofactor_recovery_codes WHERE account_id = ? AND used_at IS NULL`,
		uuid.UUID(acc)).Scan(ctx, &n)
	return n, err
}

// DeleteRecoveryCodes removes every code of the member.
func (s *Store) DeleteRecoveryCodes(ctx context.Context, acc domain.UserID) error {
	_, err := s.idb(ctx).NewRaw(`DELETE FROM twofactor_recovery_codes WHERE account_id = ?`, uuid.UUID(acc)).Exec(ctx)
	return err
}

type passkeyRow struct {
	ID           uuid.UUID       `bun:"id"`
	AccountID    uuid.UUID       `bun:"account_id"`
	CredentialID []byte          `bun:"credential_id"`
	Name         string          `bun:"name"`
	Credential   json.RawMessage `bun:"credential,type:jsonb"`
	CreatedAt    time.Time       `bun:"created_at"`
	LastUsedAt   *time.Time      `bun:"last_used_at"`
}

func (r passkeyRow) domain() twofactor.Passkey {
	p := twofactor.Passkey{ID: r.ID.String(), AccountID: domain.UserID(r.AccountID), CredentialID: r.CredentialID,
		Name: r.Name, Credential: r.Credential, CreatedAt: r.CreatedAt.UTC()}
	if r.LastUsedAt != nil {
		t := r.LastUsedAt.UTC()
		p.LastUsedAt = &t
	}
	return p
}

const passkeyColumns = `id, account_id, credential_id, name, credential, created_at, last_used_at`

// Passkeys lists the member's passkeys, oldest first.
func (s *Store) Passkeys(ctx context.Context, acc domain.UserID) ([]twofactor.Passkey, error) {
	var rows []passkeyRow
	if err := s.idb(ctx).NewRaw(`SELECT `+passkeyColumns+` FROM passkeys WHERE account_id = ? ORDER BY created_at, id`,
		uuid.UUID(acc)).Scan(ctx, &rows); err != nil {
		return nil, err
	}
	out := make([]twofactor.Passkey, 0, len(rows))
	for _, r := range rows {
		out = append(out, r.domain())
	}
	return out, nil
}

// AddPasskey stores p unless its credential is stored.
func (s *Store) AddPasskey(ctx context.Context, p twofactor.Passkey) (bool, error) {
	id, err := uuid.Parse(p.ID)
	if err != nil {
		return false, err
	}
	return affected(s.idb(ctx).NewRaw(`INSERT INTO passkeys (id, account_id, credential_id, name, credential, created_at)
		VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (credential_id) DO NOTHING`,
		id, uuid.UUID(p.AccountID), p.CredentialID, p.Name, string(p.Credential), p.CreatedAt).Exec(ctx))
}

// RemovePasskey removes the member's passkey id.
func (s *Store) RemovePasskey(ctx context.Context, acc domain.UserID, id string) (twofactor.Passkey, error) {
	pid, err := uuid.Parse(id)
	if err != nil {
		return twofactor.Passkey{}, domain.ErrNotFound
	}
	var row passkeyRow
	err = s.idb(ctx).NewRaw(`DELETE FROM passkeys WHERE id = ? AND account_id = ? RETURNING `+passkeyColumns,
		pid, uuid.UUID(acc)).Scan(ctx, &row)
	if err != nil {
		return twofactor.Passkey{}, pgkit.NotFound(err)
	}
	return row.domain(), nil
}

// PasskeyByCredentialID finds a passkey by its credential's ID.
func (s *Store) PasskeyByCredentialID(ctx context.Context, credentialID []byte) (twofactor.Passkey, error) {
	var row passkeyRow
	err := s.idb(ctx).NewRaw(`SELECT `+passkeyColumns+` FROM passkeys WHERE credential_id = ?`, credentialID).Scan(ctx, &row)
	if err != nil {
		return twofactor.Passkey{}, pgkit.NotFound(err)
	}
	return row.domain(), nil
}

// UsePasskey stores the credential's new state and when it was used.
func (s *Store) UsePasskey(ctx context.Context, id string, credential json.RawMessage, now time.Time) error {
	pid, err := uuid.Parse(id)
	if err != nil {
		return err
	}
	_, err = s.idb(ctx).NewRaw(`UPDATE passkeys SET credential = ?, last_used_at = ? WHERE id = ?`,
		string(credential), now, pid).Exec(ctx)
	return err
}

// CreateChallenge stores c.
func (s *Store) CreateChallenge(ctx context.Context, c twofactor.Challenge) error {
	var acc *uuid.UUID
	if !c.AccountID.IsZero() {
		id := uuid.UUID(c.AccountID)
		acc = &id
	}
	var data *string
	if len(c.Data) > 0 {
		d := string(c.Data)
		data = &d
	}
	_, err := s.idb(ctx).NewRaw(`INSERT INTO twofactor_challenges (token_hash, kind, account_id, data, created_at, expires_at)
		VALUES (?, ?, ?, ?, ?, ?)`, c.TokenHash, c.Kind, acc, data, c.CreatedAt, c.ExpiresAt).Exec(ctx)
	return err
}

// LiveChallenge reads an unused, unexpired challenge of kind.
func (s *Store) LiveChallenge(ctx context.Context, hash []byte, kind string, now time.Time) (twofactor.Challenge, error) {
	var row struct {
		AccountID *uuid.UUID `bun:"account_id"`
		Data      *string    `bun:"data"`
		CreatedAt time.Time  `bun:"created_at"`
		ExpiresAt time.Time  `bun:"expires_at"`
	}
	err := s.idb(ctx).NewRaw(`SELECT account_id, data::text AS data, created_at, expires_at FROM twofactor_challenges
		WHERE token_hash = ? AND kind = ? AND used_at IS NULL AND expires_at > ?`, hash, kind, now).Scan(ctx, &row)
	if err != nil {
		return twofactor.Challenge{}, pgkit.NotFound(err)
	}
	c := twofactor.Challenge{TokenHash: hash, Kind: kind, CreatedAt: row.CreatedAt, ExpiresAt: row.ExpiresAt}
	if row.AccountID != nil {
		c.AccountID = domain.UserID(*row.AccountID)
	}
	if row.Data != nil {
		c.Data = json.RawMessage(*row.Data)
	}
	return c, nil
}

// UseChallenge marks a live challenge used.
func (s *Store) UseChallenge(ctx context.Context, hash []byte, now time.Time) (bool, error) {
	return affected(s.idb(ctx).NewRaw(`UPDATE twofactor_challenges SET used_at = ?
		WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?`, now, hash, now).Exec(ctx))
}

// LockFailures takes the account's second-step lock until the
// transaction ends.
func (s *Store) LockFailures(ctx context.Context, acc domain.UserID) error {
	_, err := s.idb(ctx).NewRaw(`SELECT pg_advisory_xact_lock(hashtextextended('second step ' || ?, 0))`,
		uuid.UUID(acc).String()).Exec(ctx)
	return err
}

// Failures counts the account's wrong answers since.
func (s *Store) Failures(ctx context.Context, acc domain.UserID, since time.Time) (int, error) {
	var n int
	err := s.idb(ctx).NewRaw(`SELECT count(*) FROM twofactor_failures WHERE account_id = ? AND at > ?`,
		uuid.UUID(acc), since).Scan(ctx, &n)
	return n, err
}

// AddFailure records a wrong answer.
func (s *Store) AddFailure(ctx context.Context, acc domain.UserID, at time.Time) error {
	_, err := s.idb(ctx).NewRaw(`INSERT INTO twofactor_failures (account_id, at) VALUES (?, ?)`, uuid.UUID(acc), at).Exec(ctx)
	return err
}

// Prune deletes challenges and failures older than before.
func (s *Store) Prune(ctx context.Context, before time.Time) error {
	if _, err := s.idb(ctx).NewRaw(`DELETE FROM twofactor_challenges WHERE expires_at < ?`, before).Exec(ctx); err != nil {
		return fmt.Errorf("prune challenges: %w", err)
	}
	if _, err := s.idb(ctx).NewRaw(`DELETE FROM twofactor_failures WHERE at < ?`, before).Exec(ctx); err != nil {
		return fmt.Errorf("prune failures: %w", err)
	}
	return nil
}
