package pgstore

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"

	"social/core/domain"
	push "social/features/push/app"
	"social/platform/pgkit"
)

// Subscriptions stores devices' push subscriptions.
type Subscriptions struct{ db *bun.DB }

// NewSubscriptions makes the store.
func NewSubscriptions(db *bun.DB) *Subscriptions { return &Subscriptions{db: db} }

type subscriptionRow struct {
	ID        uuid.UUID `bun:"id"`
	SessionID uuid.UUID `bun:"session_id"`
	AccountID uuid.UUID `bun:"account_id"`
	Endpoint  string    `bun:"endpoint"`
	P256DH    []byte    `bun:"p256dh"`
	Auth      []byte    `bun:"auth"`
	Alerts    []string  `bun:"alerts,array"`
	Policy    string    `bun:"policy"`
	CreatedAt time.Time `bun:"created_at"`
	UpdatedAt time.Time `bun:"updated_at"`
}

func (r subscriptionRow) domain() push.Subscription {
	s := push.Subscription{ID: r.ID, SessionID: r.SessionID, AccountID: domain.UserID(r.AccountID), Endpoint: r.Endpoint,
		P256DH: r.P256DH, Auth: r.Auth, Policy: push.Policy(r.Policy), CreatedAt: r.CreatedAt.UTC(), UpdatedAt: r.UpdatedAt.UTC()}
	for _, a := range r.Alerts {
		s.Alerts = append(s.Alerts, push.Alert(a))
	}
	return s
}

// Save stores s as its session's subscription. Another row with the same
// endpoint (the same browser, signed in before to another account or
// session) is removed first: a device gets one account's pushes.
func (s *Subscriptions) Save(ctx context.Context, sub push.Subscription) error {
	db := pgkit.IDB(ctx, s.db)
	if _, err := db.NewRaw(`DELETE FROM push_subscriptions WHERE endpoint = ? AND session_id <> ?`,
		sub.Endpoint, sub.SessionID).Exec(ctx); err != nil {
		return err
	}
	alerts := make([]string, len(sub.Alerts))
	for i, a := range sub.Alerts {
		alerts[i] = string(a)
	}
	_, err := db.NewRaw(`INSERT INTO push_subscriptions
		(id, session_id, account_id, endpoint, p256dh, auth, alerts, policy, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (session_id) DO UPDATE SET endpoint = EXCLUDED.endpoint, p256dh = EXCLUDED.p256dh,
			auth = EXCLUDED.auth, alerts = EXCLUDED.alerts, policy = EXCLUDED.policy, updated_at = EXCLUDED.updated_at`,
		sub.ID, sub.SessionID, uuid.UUID(sub.AccountID), sub.Endpoint, sub.P256DH, sub.Auth, pgdialect.Array(alerts),
		string(sub.Policy), sub.CreatedAt, sub.UpdatedAt).Exec(ctx)
	return err
}

// BySession reads a session's subscription.
func (s *Subscriptions) BySession(ctx context.Context, session uuid.UUID) (push.Subscription, error) {
	var row subscriptionRow
	err := pgkit.IDB(ctx, s.db).NewRaw(`SELECT * FROM push_subscriptions WHERE session_id = ?`, session).Scan(ctx, &row)
	if errors.Is(err, sql.ErrNoRows) {
		return push.Subscription{}, domain.ErrNotFound
	}
	return row.domain(), err
}

// DeleteBySession removes a session's subscription.
func (s *Subscriptions) DeleteBySession(ctx context.Context, session uuid.UUID) error {
	_, err := pgkit.IDB(ctx, s.db).NewRaw(`DELETE FROM push_subscriptions WHERE session_id = ?`, session).Exec(ctx)
	return err
}

// liveSession is the clause of a subscription whose session is neither
// revoked (the trigger removes those) nor past its end.
const liveSession = ` AND EXISTS (SELECT 1 FROM sessions se WHERE se.id = s.session_id
	AND se.revoked_at IS NULL AND se.expires_at > now())`

// Targets are recipient's live devices with alert on (or an alert no
// switch turns off), as their policy lets actor through. Called in the transaction of every notification,
// on push_subscriptions_account_idx: nothing is read for a member without
// devices.
func (s *Subscriptions) Targets(ctx context.Context, recipient, actor domain.UserID, alert push.Alert) ([]push.Subscription, error) {
	var rows []subscriptionRow
	err := pgkit.IDB(ctx, s.db).NewRaw(`SELECT s.* FROM push_subscriptions s
		WHERE s.account_id = ? AND (?::text = ANY (s.alerts) OR ?::boolean)`+liveSession+`
		AND CASE s.policy
			WHEN 'all' THEN true
			WHEN 'none' THEN false
			WHEN 'followed' THEN ?::uuid IS NULL OR EXISTS (SELECT 1 FROM member_follows f
				WHERE f.follower_id = s.account_id AND f.following_id = ?::uuid)
			WHEN 'follower' THEN ?::uuid IS NULL OR EXISTS (SELECT 1 FROM member_follows f
				WHERE f.follower_id = ?::uuid AND f.following_id = s.account_id)
		END`, uuid.UUID(recipient), string(alert), push.AlwaysOn(alert), nullable(actor), nullable(actor), nullable(actor), nullable(actor)).Scan(ctx, &rows)
	out := make([]push.Subscription, len(rows))
	for i, r := range rows {
		out[i] = r.domain()
	}
	return out, err
}

// StaffTargets are the staff's live devices with the moderation alert on.
func (s *Subscriptions) StaffTargets(ctx context.Context) ([]push.Subscription, error) {
	var rows []subscriptionRow
	err := pgkit.IDB(ctx, s.db).NewRaw(`SELECT s.* FROM push_subscriptions s
		WHERE ? = ANY (s.alerts) AND s.policy <> 'none'`+liveSession+`
		AND EXISTS (SELECT 1 FROM accounts a WHERE a.id = s.account_id AND a.role IN ('moderator', 'admin'))`,
		string(push.AlertModeration)).Scan(ctx, &rows)
	out := make([]push.Subscription, len(rows))
	for i, r := range rows {
		out[i] = r.domain()
	}
	return out, err
}

// Live reads subscription id if its session is live.
func (s *Subscriptions) Live(ctx context.Context, id uuid.UUID) (push.Subscription, bool, error) {
	var rows []subscriptionRow
	err := pgkit.IDB(ctx, s.db).NewRaw(`SELECT s.* FROM push_subscriptions s WHERE s.id = ?`+liveSession, id).Scan(ctx, &rows)
	if err != nil || len(rows) == 0 {
		return push.Subscription{}, false, err
	}
	return rows[0].domain(), true, nil
}

// Delete removes subscription id.
func (s *Subscriptions) Delete(ctx context.Context, id uuid.UUID) error {
	_, err := pgkit.IDB(ctx, s.db).NewRaw(`DELETE FROM push_subscriptions WHERE id = ?`, id).Exec(ctx)
	return err
}

// nullable is a member's ID, or NULL for the zero one (the service).
func nullable(id domain.UserID) *uuid.UUID {
	if id.IsZero() {
		return nil
	}
	u := uuid.UUID(id)
	return &u
}
