package pgstore

import (
	"context"
	"fmt"
	"time"

	"github.com/riverqueue/river"

	accounts "social/features/accounts/app"
	"social/kit/plugin"
	"social/platform/pgkit"
)

var _ accounts.OAuthPruner = (*OAuth)(nil)

// Each prune is one statement, so one transaction per batch. SKIP LOCKED
// leaves a row a request holds (a code being traded, a token being
// refreshed, an app getting its first code or token) to the next run.

// PruneCodes deletes up to limit codes that expired before before
// (oauth_codes_expires_idx).
func (s *OAuth) PruneCodes(ctx context.Context, before time.Time, limit int) (int, error) {
	return s.prune(ctx, "codes", `DELETE FROM oauth_codes WHERE code_hash IN (SELECT code_hash FROM oauth_codes
		WHERE expires_at < ? ORDER BY expires_at LIMIT ? FOR UPDATE SKIP LOCKED)`, before, limit)
}

// PruneTokens deletes up to limit tokens that ended before before: the
// earlier of the revocation and the later of the two expiries (a token
// whose access expired lives on by its refresh token). The expression is
// oauth_tokens_end_idx's. LEAST and GREATEST skip NULLs: a token never
// revoked ends at its expiries, one without a refresh token at its
// access token's.
func (s *OAuth) PruneTokens(ctx context.Context, before time.Time, limit int) (int, error) {
	return s.prune(ctx, "tokens", `DELETE FROM oauth_tokens WHERE id IN (SELECT id FROM oauth_tokens
		WHERE least(revoked_at, greatest(expires_at, refresh_expires_at)) < ?
		ORDER BY least(revoked_at, greatest(expires_at, refresh_expires_at)) LIMIT ? FOR UPDATE SKIP LOCKED)`,
		before, limit)
}

// PruneApps deletes up to limit apps registered before before that no
// member ever authorized (first_authorized_at, oauth_apps_unauthorized_idx)
// and that hold no code and no token now (an app's own client-credentials
// token keeps it while it lasts). A code or token being written holds the
// app's row (its foreign key's lock), so that app is skipped.
func (s *OAuth) PruneApps(ctx context.Context, before time.Time, limit int) (int, error) {
	return s.prune(ctx, "apps", `DELETE FROM oauth_apps WHERE id IN (SELECT a.id FROM oauth_apps a
		WHERE a.first_authorized_at IS NULL AND a.created_at < ?
			AND NOT EXISTS (SELECT 1 FROM oauth_codes c WHERE c.app_id = a.id)
			AND NOT EXISTS (SELECT 1 FROM oauth_tokens t WHERE t.app_id = a.id)
		ORDER BY a.created_at LIMIT ? FOR UPDATE SKIP LOCKED)`, before, limit)
}

func (s *OAuth) prune(ctx context.Context, what, query string, before time.Time, limit int) (int, error) {
	res, err := pgkit.IDB(ctx, s.db).NewRaw(query, before, limit).Exec(ctx)
	if err != nil {
		return 0, fmt.Errorf("prune oauth %s: %w", what, err)
	}
	n, err := res.RowsAffected()
	return int(n), err
}

// PruneOAuthArgs is the periodic job deleting the codes, tokens and apps
// OAuth no longer needs (accounts.PruneOAuth).
type PruneOAuthArgs struct{}

// Kind is the job's stable name.
func (PruneOAuthArgs) Kind() string { return "accounts.prune_oauth" }

// PruneOAuthEvery is how often the pruning runs.
const PruneOAuthEvery = time.Hour

// PruneOAuthWorker works accounts.prune_oauth. It is idempotent: what it
// deleted is gone, and a deleted code or token is refused as an expired
// or revoked one is.
type PruneOAuthWorker struct {
	river.WorkerDefaults[PruneOAuthArgs]
	Prune *accounts.PruneOAuth
}

// Work prunes.
func (w *PruneOAuthWorker) Work(ctx context.Context, _ *river.Job[PruneOAuthArgs]) error {
	_, err := w.Prune.Handle(ctx)
	return err
}

// NewPruneOAuthJob enqueues accounts.prune_oauth every PruneOAuthEvery,
// once per period.
func NewPruneOAuthJob() plugin.PeriodicJob {
	return plugin.PeriodicJob{Name: PruneOAuthArgs{}.Kind(), Job: river.NewPeriodicJob(
		river.PeriodicInterval(PruneOAuthEvery),
		func() (river.JobArgs, *river.InsertOpts) {
			return PruneOAuthArgs{}, &river.InsertOpts{MaxAttempts: 3, UniqueOpts: river.UniqueOpts{ByPeriod: PruneOAuthEvery}}
		},
		&river.PeriodicJobOpts{RunOnStart: true})}
}
