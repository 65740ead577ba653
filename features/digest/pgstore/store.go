package pgstore

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"social/core/domain"
	"social/core/ports"
	"social/features/digest/app"
	"social/platform/pgkit"
)

// Store keeps email_digest_settings and email_digests.
type Store struct{ db *bun.DB }

// NewStore makes the store.
func NewStore(db *bun.DB) *Store { return &Store{db: db} }

func (s *Store) idb(ctx context.Context) bun.IDB { return pgkit.IDB(ctx, s.db) }

// Enabled is member's choice; no row is off.
func (s *Store) Enabled(ctx context.Context, member domain.UserID) (bool, error) {
	var on []bool
	err := s.idb(ctx).NewRaw(`SELECT enabled FROM email_digest_settings WHERE account_id = ?`,
		uuid.UUID(member)).Scan(ctx, &on)
	return len(on) == 1 && on[0], err
}

// SetEnabled stores member's choice.
func (s *Store) SetEnabled(ctx context.Context, member domain.UserID, on bool, at time.Time) error {
	_, err := s.idb(ctx).NewRaw(`INSERT INTO email_digest_settings (account_id, enabled, updated_at) VALUES (?, ?, ?)
		ON CONFLICT (account_id) DO UPDATE SET enabled = excluded.enabled, updated_at = excluded.updated_at`,
		uuid.UUID(member), on, at).Exec(ctx)
	if pgkit.ForeignKeyViolation(err) {
		return domain.ErrNotFound
	}
	return err
}

// eligible is who may get a digest: the digest on, the e-mail confirmed,
// the account neither suspended nor being deleted.
const eligible = `s.enabled AND a.confirmed_at IS NOT NULL AND a.suspended_at IS NULL AND a.deleted_at IS NULL`

// Recipient reads member's address, display name and eligibility.
func (s *Store) Recipient(ctx context.Context, member domain.UserID) (app.Recipient, bool, error) {
	var rows []struct {
		Email    string `bun:"email"`
		Name     string `bun:"name"`
		Eligible bool   `bun:"eligible"`
	}
	err := s.idb(ctx).NewRaw(`SELECT a.email, coalesce(p.display_name, '') AS name,
		coalesce(`+eligible+`, false) AS eligible
		FROM accounts a LEFT JOIN profiles p ON p.id = a.id
		LEFT JOIN email_digest_settings s ON s.account_id = a.id
		WHERE a.id = ?`, uuid.UUID(member)).Scan(ctx, &rows)
	if err != nil || len(rows) == 0 {
		return app.Recipient{}, false, err
	}
	r := rows[0]
	return app.Recipient{Email: r.Email, Name: r.Name, Eligible: r.Eligible}, true, nil
}

// LastSentBefore is when member's newest digest before week was made.
func (s *Store) LastSentBefore(ctx context.Context, member domain.UserID, week time.Time) (time.Time, bool, error) {
	var at []time.Time
	err := s.idb(ctx).NewRaw(`SELECT sent_at FROM email_digests WHERE account_id = ? AND week < ?::date
		ORDER BY week DESC LIMIT 1`, uuid.UUID(member), week.Format(time.DateOnly)).Scan(ctx, &at)
	if err != nil || len(at) == 0 {
		return time.Time{}, false, err
	}
	return at[0], true, nil
}

// Claim inserts d's row unless the member's week has one. A concurrent
// claim of the same week holds this insert until it ends (the primary
// key), so exactly one of them claims.
func (s *Store) Claim(ctx context.Context, d app.Digest) (bool, error) {
	res, err := s.idb(ctx).NewRaw(`INSERT INTO email_digests (account_id, week, token_hash, items, sent_at)
		VALUES (?, ?::date, ?, 0, ?) ON CONFLICT (account_id, week) DO NOTHING`,
		uuid.UUID(d.Member), d.Week.Format(time.DateOnly), d.TokenHash, d.SentAt).Exec(ctx)
	if pgkit.ForeignKeyViolation(err) {
		return false, nil // the account is gone
	}
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// SetItems records how many notifications d told of.
func (s *Store) SetItems(ctx context.Context, d app.Digest, items int) error {
	_, err := s.idb(ctx).NewRaw(`UPDATE email_digests SET items = ? WHERE account_id = ? AND week = ?::date`,
		items, uuid.UUID(d.Member), d.Week.Format(time.DateOnly)).Exec(ctx)
	return err
}

// ByToken finds the digest whose token hashes to hash.
func (s *Store) ByToken(ctx context.Context, hash []byte) (app.Digest, bool, error) {
	var row struct {
		Member uuid.UUID `bun:"account_id"`
		Week   time.Time `bun:"week"`
		SentAt time.Time `bun:"sent_at"`
	}
	err := s.idb(ctx).NewRaw(`SELECT account_id, week, sent_at FROM email_digests WHERE token_hash = ?`, hash).
		Scan(ctx, &row)
	if errors.Is(err, sql.ErrNoRows) {
		return app.Digest{}, false, nil
	}
	if err != nil {
		return app.Digest{}, false, err
	}
	return app.Digest{Member: domain.UserID(row.Member), Week: row.Week, TokenHash: hash, SentAt: row.SentAt}, true, nil
}

// Due answers the next members due week's digest, by ID after `after`,
// on email_digest_settings_on_idx. An unread notification since the last
// digest is looked for on the recipient's index of notifications; whether
// the list shows it is the member's job's question.
func (s *Store) Due(ctx context.Context, week, since time.Time, after domain.UserID, limit int) ([]domain.UserID, error) {
	var ids []uuid.UUID
	err := s.idb(ctx).NewRaw(`SELECT s.account_id FROM email_digest_settings s JOIN accounts a ON a.id = s.account_id
		WHERE `+eligible+` AND s.account_id > ?
		AND NOT EXISTS (SELECT 1 FROM email_digests d WHERE d.account_id = s.account_id AND d.week = ?::date)
		AND EXISTS (SELECT 1 FROM notifications n WHERE n.recipient_id = s.account_id AND NOT n.is_read
			AND n.created_at > coalesce((SELECT max(d.sent_at) FROM email_digests d WHERE d.account_id = s.account_id), ?))
		ORDER BY s.account_id LIMIT ?`,
		uuid.UUID(after), week.Format(time.DateOnly), since, limit).Scan(ctx, &ids)
	out := make([]domain.UserID, len(ids))
	for i, id := range ids {
		out[i] = domain.UserID(id)
	}
	return out, err
}

// ExportMember writes the member's choice and the weeks they got a
// digest (pt-BR keys, as the rest of the archive).
func (s *Store) ExportMember(ctx context.Context, member domain.UserID, w ports.ArchiveWriter) error {
	on, err := s.Enabled(ctx, member)
	if err != nil {
		return err
	}
	var rows []struct {
		Week   time.Time `bun:"week"`
		Items  int       `bun:"items"`
		SentAt time.Time `bun:"sent_at"`
	}
	if err := s.idb(ctx).NewRaw(`SELECT week, items, sent_at FROM email_digests WHERE account_id = ? AND items > 0
		ORDER BY week`, uuid.UUID(member)).Scan(ctx, &rows); err != nil {
		return err
	}
	type sent struct {
		Week          string    `json:"semana"`
		Notifications int       `json:"notificacoes"`
		SentAt        time.Time `json:"enviado_em"`
	}
	out := struct {
		Enabled bool   `json:"ativado"`
		Sent    []sent `json:"resumos_enviados"`
	}{Enabled: on, Sent: []sent{}}
	for _, r := range rows {
		out.Sent = append(out.Sent, sent{Week: r.Week.Format(time.DateOnly), Notifications: r.Items, SentAt: r.SentAt})
	}
	return w.JSON("resumo_semanal_por_email.json", out)
}

// EraseMember deletes the member's choice and digests.
func (s *Store) EraseMember(ctx context.Context, member domain.UserID, _ int) (bool, error) {
	for _, table := range []string{"email_digests", "email_digest_settings"} {
		if _, err := s.idb(ctx).NewRaw(`DELETE FROM `+table+` WHERE account_id = ?`, uuid.UUID(member)).Exec(ctx); err != nil {
			return false, err
		}
	}
	return false, nil
}
