package pgstore

import (
	"context"
	"encoding/binary"
	"fmt"
	"sort"
	"time"

	"github.com/riverqueue/river"
	"github.com/uptrace/bun"

	"social/core/ports"
	accounts "social/features/accounts/app"
	"social/kit/plugin"
	"social/platform/pgkit"
)

// SignInFailures stores failed sign-ins in sign_in_failures
// (accounts.SignInFailures).
type SignInFailures struct {
	db    *bun.DB
	clock ports.Clock
}

// NewSignInFailures makes the store; clock decides what "now" is when pruning.
func NewSignInFailures(db *bun.DB, clock ports.Clock) *SignInFailures {
	return &SignInFailures{db: db, clock: clock}
}

// signInFailuresHorizon is how long failures are kept: longer than any window.
const signInFailuresHorizon = 24 * time.Hour

// scopeFilter is the WHERE clause and arguments of a rule's scope.
func scopeFilter(a accounts.SignInAttempt, s accounts.FailureScope) (string, []any, []byte) {
	switch s {
	case accounts.ScopeEmailAddress:
		key := append(append([]byte{}, a.EmailHash...), a.AddressHash...)
		return "email_hash = ? AND address_hash = ?", []any{a.EmailHash, a.AddressHash}, key
	case accounts.ScopeEmail:
		return "email_hash = ?", []any{a.EmailHash}, a.EmailHash
	case accounts.ScopeDevice:
		return "device_hash = ?", []any{a.DeviceHash}, a.DeviceHash
	default:
		return "address_hash = ?", []any{a.AddressHash}, a.AddressHash
	}
}

// Begin counts the attempt as a failure unless a rule is exhausted. Each
// rule's key is locked for the transaction (advisory locks, in a fixed
// order), so that concurrent attempts count one by one.
func (s *SignInFailures) Begin(ctx context.Context, a accounts.SignInAttempt, rules []accounts.FailureRule) (int64, time.Duration, error) {
	type keyed struct {
		accounts.FailureRule
		where string
		args  []any
		lock  int64
	}
	ks := make([]keyed, 0, len(rules))
	for _, r := range rules {
		if r.Limit <= 0 || r.Window <= 0 {
			continue
		}
		where, args, key := scopeFilter(a, r.Scope)
		sum := accounts.HashSecret("sign_in_failures\x00" + r.Bucket + "\x00" + string(key))
		ks = append(ks, keyed{FailureRule: r, where: where, args: args, lock: int64(binary.BigEndian.Uint64(sum[:8]))})
	}
	sort.Slice(ks, func(i, j int) bool { return ks[i].lock < ks[j].lock })
	var id int64
	var wait time.Duration
	var usage []ports.RateUsage
	err := s.db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		id, wait, usage = 0, 0, usage[:0]
		for _, k := range ks {
			if _, err := tx.ExecContext(ctx, "SELECT pg_advisory_xact_lock(?)", k.lock); err != nil {
				return err
			}
			var recent []time.Time
			args := append(append([]any{}, k.args...), a.At.Add(-k.Window), k.Limit)
			if err := tx.NewRaw(`SELECT at FROM sign_in_failures WHERE `+k.where+` AND at > ? ORDER BY at DESC LIMIT ?`,
				args...).Scan(ctx, &recent); err != nil {
				return err
			}
			u := ports.RateUsage{Rule: ports.RateRule{Bucket: k.Bucket, Limit: k.Limit, Window: k.Window},
				Remaining: k.Limit - len(recent) - 1, Reset: k.Window}
			if len(recent) >= k.Limit {
				// Allowed again once the oldest of the last Limit failures leaves the window.
				wait = max(wait, recent[k.Limit-1].Add(k.Window).Sub(a.At))
				u.Remaining, u.Reset = 0, recent[0].Add(k.Window).Sub(a.At)
			}
			usage = append(usage, u)
		}
		if wait > 0 {
			return nil
		}
		return tx.NewRaw(`INSERT INTO sign_in_failures (email_hash, address_hash, device_hash, at) VALUES (?, ?, ?, ?) RETURNING id`,
			a.EmailHash, a.AddressHash, a.DeviceHash, a.At).Scan(ctx, &id)
	})
	if err != nil {
		return 0, 0, fmt.Errorf("count sign-in failures: %w", err)
	}
	if report := ports.RateReportFrom(ctx); report != nil {
		for _, u := range usage {
			report.Add(u)
		}
	}
	return id, wait, nil
}

// Succeeded deletes the attempt: a right password never counts.
func (s *SignInFailures) Succeeded(ctx context.Context, a accounts.SignInAttempt) error {
	if _, err := pgkit.IDB(ctx, s.db).NewRaw(`DELETE FROM sign_in_failures WHERE id = ?`, a.ID).Exec(ctx); err != nil {
		return fmt.Errorf("forget sign-in attempt: %w", err)
	}
	return nil
}

// EmailFailures counts an e-mail's failures since a time, from every address.
func (s *SignInFailures) EmailFailures(ctx context.Context, emailHash []byte, since time.Time) (int, error) {
	var n int
	err := pgkit.IDB(ctx, s.db).NewRaw(`SELECT count(*) FROM sign_in_failures WHERE email_hash = ? AND at > ?`,
		emailHash, since).Scan(ctx, &n)
	if err != nil {
		return 0, fmt.Errorf("count e-mail failures: %w", err)
	}
	return n, nil
}

// Prune deletes failures older than any window and returns how many.
func (s *SignInFailures) Prune(ctx context.Context) (int64, error) {
	res, err := pgkit.IDB(ctx, s.db).NewRaw(`DELETE FROM sign_in_failures WHERE at < ?`,
		s.clock.Now().Add(-signInFailuresHorizon)).Exec(ctx)
	if err != nil {
		return 0, fmt.Errorf("prune sign-in failures: %w", err)
	}
	return res.RowsAffected()
}

// PruneSignInFailuresArgs is the periodic job that deletes old failures.
type PruneSignInFailuresArgs struct{}

// Kind is the job's stable name.
func (PruneSignInFailuresArgs) Kind() string { return "accounts.prune_sign_in_failures" }

// PruneSignInFailuresWorker works accounts.prune_sign_in_failures; running
// it twice is harmless.
type PruneSignInFailuresWorker struct {
	river.WorkerDefaults[PruneSignInFailuresArgs]
	Failures *SignInFailures
}

// Work prunes.
func (w *PruneSignInFailuresWorker) Work(ctx context.Context, _ *river.Job[PruneSignInFailuresArgs]) error {
	_, err := w.Failures.Prune(ctx)
	return err
}

// PruneSignInFailuresEvery is how often the pruning runs.
const PruneSignInFailuresEvery = time.Hour

// NewPruneSignInFailuresJob schedules accounts.prune_sign_in_failures.
func NewPruneSignInFailuresJob() plugin.PeriodicJob {
	return plugin.PeriodicJob{Name: "accounts.prune_sign_in_failures", Job: river.NewPeriodicJob(
		river.PeriodicInterval(PruneSignInFailuresEvery),
		func() (river.JobArgs, *river.InsertOpts) { return PruneSignInFailuresArgs{}, nil },
		&river.PeriodicJobOpts{RunOnStart: true})}
}
