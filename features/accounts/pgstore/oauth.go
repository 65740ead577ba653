package pgstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"

	"social/core/domain"
	"social/core/ports"
	accounts "social/features/accounts/app"
	"social/platform/pgkit"
)

// OAuth stores the OAuth apps, authorization codes and tokens, by hash.
type OAuth struct {
	db    *bun.DB
	clock ports.Clock
}

// NewOAuth makes the OAuth store.
func NewOAuth(db *bun.DB, clock ports.Clock) *OAuth { return &OAuth{db: db, clock: clock} }

type appRow struct {
	ID           uuid.UUID `bun:"id"`
	ClientID     string    `bun:"client_id"`
	SecretHash   []byte    `bun:"secret_hash"`
	Name         string    `bun:"name"`
	Website      *string   `bun:"website"`
	RedirectURIs []string  `bun:"redirect_uris,array"`
	Scopes       string    `bun:"scopes"`
	CreatedAt    time.Time `bun:"created_at"`
}

func (r appRow) app() accounts.OAuthApp {
	scopes, _, _ := domain.ParseScopes(r.Scopes)
	a := accounts.OAuthApp{ID: r.ID.String(), ClientID: r.ClientID, Name: r.Name, RedirectURIs: r.RedirectURIs,
		Scopes: scopes, CreatedAt: r.CreatedAt}
	if r.Website != nil {
		a.Website = *r.Website
	}
	return a
}

const appColumns = `id, client_id, secret_hash, name, website, redirect_uris, scopes, created_at`

// CreateApp stores a registered app.
func (s *OAuth) CreateApp(ctx context.Context, a accounts.OAuthApp, secretHash []byte) error {
	id, err := uuid.Parse(a.ID)
	if err != nil {
		return fmt.Errorf("app id %q: %w", a.ID, err)
	}
	var website *string
	if a.Website != "" {
		website = &a.Website
	}
	_, err = pgkit.IDB(ctx, s.db).NewRaw(`INSERT INTO oauth_apps (`+appColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
		id, a.ClientID, secretHash, a.Name, website, pgdialect.Array(a.RedirectURIs), a.Scopes.String(), a.CreatedAt).Exec(ctx)
	if err != nil {
		return fmt.Errorf("insert app: %w", err)
	}
	return nil
}

// AppByClientID reads an app by its client_id.
func (s *OAuth) AppByClientID(ctx context.Context, clientID string) (accounts.OAuthApp, []byte, error) {
	var r appRow
	err := pgkit.IDB(ctx, s.db).NewRaw(`SELECT `+appColumns+` FROM oauth_apps WHERE client_id = ?`, clientID).Scan(ctx, &r)
	if err != nil {
		return accounts.OAuthApp{}, nil, pgkit.NotFound(err)
	}
	return r.app(), r.SecretHash, nil
}

// AppByID reads an app.
func (s *OAuth) AppByID(ctx context.Context, id string) (accounts.OAuthApp, error) {
	uid, err := uuid.Parse(id)
	if err != nil {
		return accounts.OAuthApp{}, domain.ErrNotFound
	}
	var r appRow
	err = pgkit.IDB(ctx, s.db).NewRaw(`SELECT `+appColumns+` FROM oauth_apps WHERE id = ?`, uid).Scan(ctx, &r)
	if err != nil {
		return accounts.OAuthApp{}, pgkit.NotFound(err)
	}
	return r.app(), nil
}

// SaveCode stores an authorization code and, the first time a member
// authorizes the app, says so on the app (first_authorized_at): an app a
// member authorized is never pruned as an unused registration.
func (s *OAuth) SaveCode(ctx context.Context, c accounts.OAuthCode) error {
	app := uuid.MustParse(c.AppID)
	_, err := pgkit.IDB(ctx, s.db).NewRaw(`WITH first AS (UPDATE oauth_apps SET first_authorized_at = ?
			WHERE id = ? AND first_authorized_at IS NULL)
		INSERT INTO oauth_codes (code_hash, app_id, account_id, redirect_uri, scopes,
			challenge, challenge_method, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		c.CreatedAt, app, c.Hash, app, uuid.UUID(c.AccountID), c.RedirectURI, c.Scopes.String(), c.Challenge,
		c.ChallengeMethod, c.CreatedAt, c.ExpiresAt).Exec(ctx)
	if err != nil {
		return fmt.Errorf("insert authorization code: %w", err)
	}
	return nil
}

// UseCode marks a code used by a conditional update, so that of two
// racing trades one wins.
func (s *OAuth) UseCode(ctx context.Context, hash []byte, at time.Time) (accounts.OAuthCode, error) {
	var r struct {
		AppID           uuid.UUID  `bun:"app_id"`
		AccountID       uuid.UUID  `bun:"account_id"`
		RedirectURI     string     `bun:"redirect_uri"`
		Scopes          string     `bun:"scopes"`
		Challenge       string     `bun:"challenge"`
		ChallengeMethod string     `bun:"challenge_method"`
		CreatedAt       time.Time  `bun:"created_at"`
		ExpiresAt       time.Time  `bun:"expires_at"`
		UsedAt          *time.Time `bun:"used_at"`
	}
	db := pgkit.IDB(ctx, s.db)
	err := db.NewRaw(`UPDATE oauth_codes SET used_at = ? WHERE code_hash = ? AND used_at IS NULL
		RETURNING app_id, account_id, redirect_uri, scopes, challenge, challenge_method, created_at, expires_at, used_at`,
		at, hash).Scan(ctx, &r)
	used := false
	if errors.Is(err, sql.ErrNoRows) {
		err = db.NewRaw(`SELECT app_id, account_id, redirect_uri, scopes, challenge, challenge_method, created_at,
			expires_at, used_at FROM oauth_codes WHERE code_hash = ?`, hash).Scan(ctx, &r)
		used = true
	}
	if err != nil {
		return accounts.OAuthCode{}, pgkit.NotFound(err)
	}
	scopes, _, _ := domain.ParseScopes(r.Scopes)
	c := accounts.OAuthCode{Hash: hash, AppID: r.AppID.String(), AccountID: domain.UserID(r.AccountID),
		RedirectURI: r.RedirectURI, Scopes: scopes, Challenge: r.Challenge, ChallengeMethod: r.ChallengeMethod,
		CreatedAt: r.CreatedAt, ExpiresAt: r.ExpiresAt, UsedAt: r.UsedAt}
	if used {
		return c, accounts.ErrCodeUsed
	}
	return c, nil
}

// CreateToken stores an access token (and its refresh token).
func (s *OAuth) CreateToken(ctx context.Context, t accounts.OAuthToken) error {
	var member *uuid.UUID
	if !t.AccountID.IsZero() {
		id := uuid.UUID(t.AccountID)
		member = &id
	}
	_, err := pgkit.IDB(ctx, s.db).NewRaw(`INSERT INTO oauth_tokens (id, token_hash, refresh_hash, app_id, account_id, scopes,
			from_code, authorized_at, created_at, expires_at, refresh_expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		uuid.MustParse(t.ID), t.Hash, t.RefreshHash, uuid.MustParse(t.AppID), member, t.Scopes.String(), t.FromCode,
		t.AuthorizedAt, t.CreatedAt, t.ExpiresAt, t.RefreshExpiresAt).Exec(ctx)
	if err != nil {
		return fmt.Errorf("insert access token: %w", err)
	}
	return nil
}

// LockRefresh reads the token of a refresh token, locking its row.
func (s *OAuth) LockRefresh(ctx context.Context, refreshHash []byte) (accounts.OAuthToken, error) {
	var r struct {
		ID               uuid.UUID  `bun:"id"`
		AppID            uuid.UUID  `bun:"app_id"`
		AccountID        *uuid.UUID `bun:"account_id"`
		Scopes           string     `bun:"scopes"`
		FromCode         []byte     `bun:"from_code"`
		AuthorizedAt     time.Time  `bun:"authorized_at"`
		CreatedAt        time.Time  `bun:"created_at"`
		ExpiresAt        time.Time  `bun:"expires_at"`
		RefreshExpiresAt *time.Time `bun:"refresh_expires_at"`
		RevokedAt        *time.Time `bun:"revoked_at"`
	}
	err := pgkit.IDB(ctx, s.db).NewRaw(`SELECT id, app_id, account_id, scopes, from_code, authorized_at, created_at,
		expires_at, refresh_expires_at, revoked_at FROM oauth_tokens WHERE refresh_hash = ? FOR UPDATE`, refreshHash).Scan(ctx, &r)
	if err != nil {
		return accounts.OAuthToken{}, pgkit.NotFound(err)
	}
	scopes, _, _ := domain.ParseScopes(r.Scopes)
	t := accounts.OAuthToken{ID: r.ID.String(), RefreshHash: refreshHash, AppID: r.AppID.String(), Scopes: scopes,
		FromCode: r.FromCode, AuthorizedAt: r.AuthorizedAt, CreatedAt: r.CreatedAt, ExpiresAt: r.ExpiresAt,
		RefreshExpiresAt: r.RefreshExpiresAt, RevokedAt: r.RevokedAt}
	if r.AccountID != nil {
		t.AccountID = domain.UserID(*r.AccountID)
	}
	return t, nil
}

// RevokeToken ends one token.
func (s *OAuth) RevokeToken(ctx context.Context, id string, at time.Time, reason string) error {
	_, err := pgkit.IDB(ctx, s.db).NewRaw(`UPDATE oauth_tokens SET revoked_at = ?, revoked_reason = ?
		WHERE id = ? AND revoked_at IS NULL`, at, reason, uuid.MustParse(id)).Exec(ctx)
	if err != nil {
		return fmt.Errorf("revoke token %s: %w", id, err)
	}
	return nil
}

// RevokeByHash ends the app's token whose access or refresh token hashes
// to hash, and returns its member (zero when none was ended, or for a token
// of the app alone).
func (s *OAuth) RevokeByHash(ctx context.Context, appID string, hash []byte, at time.Time, reason string) (domain.UserID, error) {
	// A token of the app alone has no member: the column is NULL, and
	// array_remove leaves an empty list, as does a token it never issued.
	var members []uuid.UUID
	err := pgkit.IDB(ctx, s.db).NewRaw(`WITH ended AS (UPDATE oauth_tokens SET revoked_at = ?, revoked_reason = ?
		WHERE app_id = ? AND (token_hash = ? OR refresh_hash = ?) AND revoked_at IS NULL
		RETURNING account_id)
		SELECT coalesce(array_remove(array_agg(account_id), NULL), '{}') FROM ended`,
		at, reason, uuid.MustParse(appID), hash, hash).Scan(ctx, pgdialect.Array(&members))
	if err != nil {
		return domain.UserID{}, fmt.Errorf("revoke token of app %s: %w", appID, err)
	}
	if len(members) == 0 {
		return domain.UserID{}, nil
	}
	return domain.UserID(members[0]), nil
}

// RevokeFromCode ends every token a code was traded for, refreshed or not.
func (s *OAuth) RevokeFromCode(ctx context.Context, codeHash []byte, at time.Time, reason string) error {
	_, err := pgkit.IDB(ctx, s.db).NewRaw(`UPDATE oauth_tokens SET revoked_at = ?, revoked_reason = ?
		WHERE from_code = ? AND revoked_at IS NULL`, at, reason, codeHash).Exec(ctx)
	if err != nil {
		return fmt.Errorf("revoke tokens of a code: %w", err)
	}
	return nil
}

// ConnectedApps lists the apps a member holds a live token of (an access
// token not expired, or a refresh token still good), the most recently
// used first.
func (s *OAuth) ConnectedApps(ctx context.Context, member domain.UserID, now time.Time) ([]accounts.ConnectedApp, error) {
	var rows []struct {
		AppID        uuid.UUID  `bun:"app_id"`
		Name         string     `bun:"name"`
		Website      *string    `bun:"website"`
		Scopes       string     `bun:"scopes"`
		AuthorizedAt time.Time  `bun:"authorized_at"`
		LastUsedAt   *time.Time `bun:"last_used_at"`
	}
	err := pgkit.IDB(ctx, s.db).NewRaw(`SELECT a.id AS app_id, a.name, a.website,
			string_agg(DISTINCT t.scopes, ' ') AS scopes, min(t.authorized_at) AS authorized_at,
			max(t.last_used_at) AS last_used_at
		FROM oauth_tokens t JOIN oauth_apps a ON a.id = t.app_id
		WHERE t.account_id = ? AND t.revoked_at IS NULL AND (t.expires_at > ? OR t.refresh_expires_at > ?)
		GROUP BY a.id ORDER BY max(coalesce(t.last_used_at, t.created_at)) DESC, a.id`,
		uuid.UUID(member), now, now).Scan(ctx, &rows)
	if err != nil {
		return nil, fmt.Errorf("connected apps: %w", err)
	}
	out := make([]accounts.ConnectedApp, 0, len(rows))
	for _, r := range rows {
		scopes, _, _ := domain.ParseScopes(r.Scopes)
		c := accounts.ConnectedApp{AppID: r.AppID.String(), Name: r.Name, Scopes: scopes,
			AuthorizedAt: r.AuthorizedAt, LastUsedAt: r.LastUsedAt}
		if r.Website != nil {
			c.Website = *r.Website
		}
		out = append(out, c)
	}
	return out, nil
}

// RevokeApp ends every live token of a member for an app.
func (s *OAuth) RevokeApp(ctx context.Context, member domain.UserID, appID string, at time.Time, reason string) (int, error) {
	id, err := uuid.Parse(appID)
	if err != nil {
		return 0, nil
	}
	res, err := pgkit.IDB(ctx, s.db).NewRaw(`UPDATE oauth_tokens SET revoked_at = ?, revoked_reason = ?
		WHERE account_id = ? AND app_id = ? AND revoked_at IS NULL AND (expires_at > ? OR refresh_expires_at > ?)`,
		at, reason, uuid.UUID(member), id, at, at).Exec(ctx)
	if err != nil {
		return 0, fmt.Errorf("revoke app %s: %w", appID, err)
	}
	n, err := res.RowsAffected()
	return int(n), err
}

// MayAuthorize reports whether a member may hold app tokens: the account
// exists and is neither suspended nor deleted.
func (s *OAuth) MayAuthorize(ctx context.Context, member domain.UserID) (bool, error) {
	var ok bool
	err := pgkit.IDB(ctx, s.db).NewRaw(`SELECT EXISTS (SELECT 1 FROM accounts WHERE id = ?
		AND suspended_at IS NULL AND deleted_at IS NULL)`, uuid.UUID(member)).Scan(ctx, &ok)
	if err != nil {
		return false, fmt.Errorf("check account %s: %w", member, err)
	}
	return ok, nil
}

// AppViewer is the viewer of an app's access token, and its expiry. Its
// last use is written at most once per accounts.OAuthUseInterval.
func (s *OAuth) AppViewer(ctx context.Context, tokenHash []byte) (ports.AppAccess, bool, error) {
	now := s.clock.Now()
	// Run on every request an app makes: prepared, and scanned by pgx
	// itself (a slice of structs), without database/sql's conversions.
	var rows []struct {
		ID       uuid.UUID  `bun:"id"`
		App      uuid.UUID  `bun:"app_id"`
		Member   *uuid.UUID `bun:"account_id"`
		Scopes   string     `bun:"scopes"`
		Role     *string    `bun:"role"`
		LastUsed *time.Time `bun:"last_used_at"`
		Expires  time.Time  `bun:"expires_at"`
	}
	err := pgkit.Prepared(ctx, s.db, &rows, `SELECT t.id, t.app_id, t.account_id, t.scopes, a.role, t.last_used_at, t.expires_at
		FROM oauth_tokens t LEFT JOIN accounts a ON a.id = t.account_id
		WHERE t.token_hash = ? AND t.revoked_at IS NULL AND t.expires_at > ?
			AND (t.account_id IS NULL OR (a.suspended_at IS NULL AND a.deleted_at IS NULL))`,
		tokenHash, now)
	if err != nil {
		return ports.AppAccess{}, false, fmt.Errorf("check app token: %w", err)
	}
	if len(rows) == 0 {
		return ports.AppAccess{}, false, nil
	}
	t := rows[0]
	if t.Member != nil && t.Role == nil {
		return ports.AppAccess{}, false, nil // the account is gone
	}
	if t.LastUsed == nil || !t.LastUsed.After(now.Add(-accounts.OAuthUseInterval)) {
		if _, err := s.db.NewRaw(`UPDATE oauth_tokens SET last_used_at = ? WHERE id = ?`, now, t.ID).Exec(ctx); err != nil {
			return ports.AppAccess{}, false, fmt.Errorf("record use of app token: %w", err)
		}
	}
	granted, _, _ := domain.ParseScopes(t.Scopes)
	v := domain.Viewer{AppID: t.App.String(), Scopes: granted}
	if t.Member != nil {
		v.UserID, v.Role = domain.UserID(*t.Member), domain.Role(*t.Role)
	}
	return ports.AppAccess{Viewer: v, ExpiresAt: t.Expires}, true, nil
}

// revokeAppTokens ends a member's app tokens and codes with their sessions.
func revokeAppTokens(ctx context.Context, db bun.IDB, member domain.UserID, at time.Time, reason string) error {
	if _, err := db.NewRaw(`UPDATE oauth_tokens SET revoked_at = ?, revoked_reason = ?
		WHERE account_id = ? AND revoked_at IS NULL`, at, reason, uuid.UUID(member)).Exec(ctx); err != nil {
		return fmt.Errorf("revoke app tokens of %s: %w", member, err)
	}
	if _, err := db.NewRaw(`DELETE FROM oauth_codes WHERE account_id = ?`, uuid.UUID(member)).Exec(ctx); err != nil {
		return fmt.Errorf("delete authorization codes of %s: %w", member, err)
	}
	return nil
}
