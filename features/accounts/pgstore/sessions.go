package pgstore

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"social/core/domain"
	"social/core/ports"
	accounts "social/features/accounts/app"
	"social/platform/pgkit"
)

// Sessions stores sessions (refresh-token families) and their refresh tokens.
type Sessions struct {
	db    *bun.DB
	clock ports.Clock
}

// NewSessions makes the session store.
func NewSessions(db *bun.DB, clock ports.Clock) *Sessions { return &Sessions{db: db, clock: clock} }

// Create stores a session and its first refresh token.
func (s *Sessions) Create(ctx context.Context, ns accounts.NewSession) error {
	return pgkit.NewTransactor(s.db).InTx(ctx, func(ctx context.Context) error {
		db := pgkit.IDB(ctx, s.db)
		if _, err := db.NewRaw(`INSERT INTO sessions (id, account_id, created_at, expires_at, last_used_at, user_agent, network)
			VALUES (?, ?, ?, ?, ?, ?, NULLIF(?, '')::cidr)`, ns.ID, uuid.UUID(ns.AccountID), ns.CreatedAt, ns.ExpiresAt, ns.CreatedAt,
			ns.UserAgent, ns.Network).Exec(ctx); err != nil {
			return fmt.Errorf("insert session: %w", err)
		}
		if _, err := db.NewRaw(`INSERT INTO refresh_tokens (token_hash, session_id, created_at) VALUES (?, ?, ?)`,
			ns.TokenHash, ns.ID, ns.CreatedAt).Exec(ctx); err != nil {
			return fmt.Errorf("insert refresh token: %w", err)
		}
		return nil
	})
}

// LockRefreshToken reads a refresh token and its session and locks the
// token's row until the transaction of ctx ends.
func (s *Sessions) LockRefreshToken(ctx context.Context, hash []byte) (accounts.RefreshRecord, error) {
	var row struct {
		SessionID uuid.UUID  `bun:"session_id"`
		AccountID uuid.UUID  `bun:"account_id"`
		RotatedAt *time.Time `bun:"rotated_at"`
		GraceUsed bool       `bun:"grace_used"`
		ExpiresAt time.Time  `bun:"expires_at"`
		RevokedAt *time.Time `bun:"revoked_at"`
	}
	err := pgkit.IDB(ctx, s.db).NewRaw(`SELECT t.session_id, s.account_id, t.rotated_at,
		t.grace_used_at IS NOT NULL AS grace_used, s.expires_at, s.revoked_at
		FROM refresh_tokens t JOIN sessions s ON s.id = t.session_id
		WHERE t.token_hash = ? FOR UPDATE OF t`, hash).Scan(ctx, &row)
	if err != nil {
		return accounts.RefreshRecord{}, pgkit.NotFound(err)
	}
	return accounts.RefreshRecord{SessionID: row.SessionID.String(), AccountID: domain.UserID(row.AccountID),
		RotatedAt: row.RotatedAt, GraceUsed: row.GraceUsed, SessionExpiresAt: row.ExpiresAt, SessionRevokedAt: row.RevokedAt}, nil
}

// Rotate marks oldHash as traded and stores its successor. Only a token not
// yet rotated can be: the conditional update is the last guard against two
// successors. The session's last use is recorded when the one on record is
// older than accounts.SessionUseInterval.
func (s *Sessions) Rotate(ctx context.Context, sessionID string, oldHash, newHash []byte, at time.Time, use accounts.SessionUse) error {
	return pgkit.NewTransactor(s.db).InTx(ctx, func(ctx context.Context) error {
		db := pgkit.IDB(ctx, s.db)
		res, err := db.NewRaw(`UPDATE refresh_tokens SET rotated_at = ? WHERE token_hash = ? AND rotated_at IS NULL`,
			at, oldHash).Exec(ctx)
		if err != nil {
			return fmt.Errorf("rotate refresh token: %w", err)
		}
		if err := pgkit.AffectedOne(res); err != nil {
			return fmt.Errorf("rotate refresh token of %s: already rotated", sessionID)
		}
		if _, err := db.NewRaw(`INSERT INTO refresh_tokens (token_hash, session_id, created_at) VALUES (?, ?, ?)`,
			newHash, sessionID, at).Exec(ctx); err != nil {
			return fmt.Errorf("insert refresh token: %w", err)
		}
		_, err = db.NewRaw(`UPDATE sessions SET last_used_at = ?, user_agent = ?, network = NULLIF(?, '')::cidr
			WHERE id = ? AND last_used_at <= ?`,
			at, use.UserAgent, use.Network, sessionID, at.Add(-accounts.SessionUseInterval)).Exec(ctx)
		if err != nil {
			return fmt.Errorf("record use of session %s: %w", sessionID, err)
		}
		return nil
	})
}

// RotateAgain trades oldHash, already rotated, once more (within the
// reuse grace): it records that its one extra use is spent (a conditional
// update, the last guard against a second), retires the successor the
// client never kept, and stores the new one.
func (s *Sessions) RotateAgain(ctx context.Context, sessionID string, oldHash, newHash []byte, at time.Time, use accounts.SessionUse) error {
	return pgkit.NewTransactor(s.db).InTx(ctx, func(ctx context.Context) error {
		db := pgkit.IDB(ctx, s.db)
		res, err := db.NewRaw(`UPDATE refresh_tokens SET grace_used_at = ?
			WHERE token_hash = ? AND rotated_at IS NOT NULL AND grace_used_at IS NULL`, at, oldHash).Exec(ctx)
		if err != nil {
			return fmt.Errorf("spend refresh token's grace: %w", err)
		}
		if err := pgkit.AffectedOne(res); err != nil {
			return fmt.Errorf("rotate refresh token of %s again: grace already spent", sessionID)
		}
		if _, err := db.NewRaw(`UPDATE refresh_tokens SET rotated_at = ? WHERE session_id = ? AND rotated_at IS NULL`,
			at, sessionID).Exec(ctx); err != nil {
			return fmt.Errorf("retire the successor of session %s: %w", sessionID, err)
		}
		if _, err := db.NewRaw(`INSERT INTO refresh_tokens (token_hash, session_id, created_at) VALUES (?, ?, ?)`,
			newHash, sessionID, at).Exec(ctx); err != nil {
			return fmt.Errorf("insert refresh token: %w", err)
		}
		_, err = db.NewRaw(`UPDATE sessions SET last_used_at = ?, user_agent = ?, network = NULLIF(?, '')::cidr
			WHERE id = ? AND last_used_at <= ?`,
			at, use.UserAgent, use.Network, sessionID, at.Add(-accounts.SessionUseInterval)).Exec(ctx)
		if err != nil {
			return fmt.Errorf("record use of session %s: %w", sessionID, err)
		}
		return nil
	})
}

// Revoke ends a session (its every refresh token and access token).
func (s *Sessions) Revoke(ctx context.Context, sessionID string, at time.Time, reason string) error {
	id, err := uuid.Parse(sessionID)
	if err != nil {
		return nil // no such session
	}
	_, err = pgkit.IDB(ctx, s.db).NewRaw(`UPDATE sessions SET revoked_at = ?, revoked_reason = ?
		WHERE id = ? AND revoked_at IS NULL`, at, reason, id).Exec(ctx)
	if err != nil {
		return fmt.Errorf("revoke session %s: %w", sessionID, err)
	}
	return nil
}

// RevokeAll ends every session of a member, and every token and code of
// the apps the member authorized: what ends them all (suspension,
// deletion, a password reset) ends the apps' access too.
func (s *Sessions) RevokeAll(ctx context.Context, accountID domain.UserID, at time.Time, reason string) error {
	return pgkit.NewTransactor(s.db).InTx(ctx, func(ctx context.Context) error {
		db := pgkit.IDB(ctx, s.db)
		_, err := db.NewRaw(`UPDATE sessions SET revoked_at = ?, revoked_reason = ?
			WHERE account_id = ? AND revoked_at IS NULL`, at, reason, uuid.UUID(accountID)).Exec(ctx)
		if err != nil {
			return fmt.Errorf("revoke sessions of %s: %w", accountID, err)
		}
		return revokeAppTokens(ctx, db, accountID, at, reason)
	})
}

// SessionOfToken is the session a refresh token belongs to, and its member.
func (s *Sessions) SessionOfToken(ctx context.Context, hash []byte) (string, domain.UserID, error) {
	var row struct {
		Session uuid.UUID `bun:"session_id"`
		Account uuid.UUID `bun:"account_id"`
	}
	err := pgkit.IDB(ctx, s.db).NewRaw(`SELECT t.session_id, s.account_id FROM refresh_tokens t
		JOIN sessions s ON s.id = t.session_id WHERE t.token_hash = ?`, hash).Scan(ctx, &row)
	if err != nil {
		return "", domain.UserID{}, pgkit.NotFound(err)
	}
	return row.Session.String(), domain.UserID(row.Account), nil
}

// ActiveRole is the current role of the member of a live session (neither
// revoked nor past its absolute end), or ok false. Access tokens are
// checked against it on every request, so that sign-out and revocation
// take effect at once and role changes with the next request.
func (s *Sessions) ActiveRole(ctx context.Context, sessionID string, accountID domain.UserID) (role domain.Role, ok bool, err error) {
	id, err := uuid.Parse(sessionID)
	if err != nil {
		return "", false, nil
	}
	// Run on every authenticated request: prepared, and scanned by pgx
	// itself (a slice of structs), without database/sql's conversions.
	var rows []struct {
		Role string `bun:"role"`
	}
	err = pgkit.Prepared(ctx, s.db, &rows, `SELECT a.role FROM sessions s JOIN accounts a ON a.id = s.account_id
		WHERE s.id = ? AND s.account_id = ? AND s.revoked_at IS NULL AND s.expires_at > ?
			AND a.suspended_at IS NULL`,
		id, uuid.UUID(accountID), s.clock.Now())
	if err != nil {
		return "", false, fmt.Errorf("check session %s: %w", sessionID, err)
	}
	if len(rows) == 0 {
		return "", false, nil
	}
	return domain.Role(rows[0].Role), true, nil
}

// Live is a member's live sessions (neither revoked nor past their end),
// the most recently used first.
func (s *Sessions) Live(ctx context.Context, accountID domain.UserID) ([]accounts.SessionInfo, error) {
	var rows []struct {
		ID         uuid.UUID `bun:"id"`
		CreatedAt  time.Time `bun:"created_at"`
		LastUsedAt time.Time `bun:"last_used_at"`
		ExpiresAt  time.Time `bun:"expires_at"`
		UserAgent  string    `bun:"user_agent"`
		Network    *string   `bun:"network"`
	}
	err := pgkit.IDB(ctx, s.db).NewRaw(`SELECT id, created_at, last_used_at, expires_at, user_agent, network::text AS network
		FROM sessions WHERE account_id = ? AND revoked_at IS NULL AND expires_at > ?
		ORDER BY last_used_at DESC, id DESC`, uuid.UUID(accountID), s.clock.Now()).Scan(ctx, &rows)
	if err != nil {
		return nil, fmt.Errorf("sessions of %s: %w", accountID, err)
	}
	out := make([]accounts.SessionInfo, 0, len(rows))
	for _, r := range rows {
		info := accounts.SessionInfo{ID: r.ID.String(), CreatedAt: r.CreatedAt, LastUsedAt: r.LastUsedAt,
			ExpiresAt: r.ExpiresAt, UserAgent: r.UserAgent}
		if r.Network != nil {
			info.Network = *r.Network
		}
		out = append(out, info)
	}
	return out, nil
}

// EndOwn ends one live session of a member; ended is false when the member
// has no such live session (another member's, an ended one, none).
func (s *Sessions) EndOwn(ctx context.Context, accountID domain.UserID, sessionID string, at time.Time, reason string) (ended bool, err error) {
	id, err := uuid.Parse(sessionID)
	if err != nil {
		return false, nil
	}
	res, err := pgkit.IDB(ctx, s.db).NewRaw(`UPDATE sessions SET revoked_at = ?, revoked_reason = ?
		WHERE id = ? AND account_id = ? AND revoked_at IS NULL AND expires_at > ?`,
		at, reason, id, uuid.UUID(accountID), at).Exec(ctx)
	if err != nil {
		return false, fmt.Errorf("end session %s: %w", sessionID, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("end session %s: %w", sessionID, err)
	}
	return n == 1, nil
}

// EndOthers ends every live session of a member but keep, and says how
// many it ended.
func (s *Sessions) EndOthers(ctx context.Context, accountID domain.UserID, keep string, at time.Time, reason string) (int, error) {
	keepID, err := uuid.Parse(keep)
	if err != nil {
		return 0, fmt.Errorf("end sessions of %s but %q: %w", accountID, keep, err)
	}
	res, err := pgkit.IDB(ctx, s.db).NewRaw(`UPDATE sessions SET revoked_at = ?, revoked_reason = ?
		WHERE account_id = ? AND id <> ? AND revoked_at IS NULL AND expires_at > ?`,
		at, reason, uuid.UUID(accountID), keepID, at).Exec(ctx)
	if err != nil {
		return 0, fmt.Errorf("end sessions of %s: %w", accountID, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return 0, fmt.Errorf("end sessions of %s: %w", accountID, err)
	}
	return int(n), nil
}
