package pgstore

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"social/core/domain"
	accounts "social/features/accounts/app"
	"social/platform/pgkit"
)

// EmailTokens stores one-time e-mail tokens (confirmation, password reset)
// by their hash.
type EmailTokens struct{ db *bun.DB }

// NewEmailTokens makes the e-mail token store.
func NewEmailTokens(db *bun.DB) *EmailTokens { return &EmailTokens{db: db} }

// Create stores a token.
func (s *EmailTokens) Create(ctx context.Context, t accounts.EmailToken) error {
	_, err := pgkit.IDB(ctx, s.db).NewRaw(`INSERT INTO email_tokens (token_hash, account_id, purpose, created_at, expires_at)
		VALUES (?, ?, ?, ?, ?)`, t.Hash, uuid.UUID(t.AccountID), string(t.Purpose), t.CreatedAt, t.ExpiresAt).Exec(ctx)
	if err != nil {
		return fmt.Errorf("insert %s token: %w", t.Purpose, err)
	}
	return nil
}

// Consume marks a valid token used and returns its account; a token that is
// unknown, used, expired or for another purpose is domain.ErrNotFound. One
// conditional update: two clicks on one link cannot both succeed.
func (s *EmailTokens) Consume(ctx context.Context, hash []byte, purpose accounts.TokenPurpose, now time.Time) (domain.UserID, error) {
	var id uuid.UUID
	err := pgkit.IDB(ctx, s.db).NewRaw(`UPDATE email_tokens SET used_at = ?
		WHERE token_hash = ? AND purpose = ? AND used_at IS NULL AND expires_at > ?
		RETURNING account_id`, now, hash, string(purpose), now).Scan(ctx, &id)
	if err != nil {
		return domain.UserID{}, pgkit.NotFound(err)
	}
	return domain.UserID(id), nil
}
