package pgstore

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun/dialect/pgdialect"

	"social/core/domain"
	"social/plugins/federation/app"
)

// PrivateKey reads member's private key (PEM); domain.ErrNotFound before
// the first is made.
func (s *Store) PrivateKey(ctx context.Context, member domain.UserID) (string, error) {
	var pem string
	q := s.IDB(ctx).NewRaw(`SELECT private_key_pem FROM federation_member_keys WHERE member_id = ?`, uuid.UUID(member))
	if member == app.SiteActorID {
		q = s.IDB(ctx).NewRaw(`SELECT private_key_pem FROM federation_site_key`)
	}
	err := q.Scan(ctx, &pem)
	if errors.Is(err, sql.ErrNoRows) {
		return "", domain.ErrNotFound
	}
	return pem, err
}

// Skip reports whether host is unreachable and was tried less than probe
// before now.
func (s *Store) Skip(ctx context.Context, host string, now time.Time, probe time.Duration) (bool, error) {
	var skip bool
	err := s.IDB(ctx).NewRaw(`SELECT unreachable_since IS NOT NULL AND last_failure_at > ?
		FROM federation_hosts WHERE host = ?`, now.Add(-probe), host).Scan(ctx, &skip)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return skip, err
}

// Failed records host's failure at at: the first of a run starts it, and
// a run longer than after makes the host unreachable.
func (s *Store) Failed(ctx context.Context, host string, at time.Time, after time.Duration) error {
	_, err := s.IDB(ctx).NewRaw(`INSERT INTO federation_hosts AS h (host, failing_since, last_failure_at, failures)
		VALUES (?0, ?1, ?1, 1)
		ON CONFLICT (host) DO UPDATE SET
			failing_since = coalesce(h.failing_since, EXCLUDED.failing_since),
			last_failure_at = greatest(h.last_failure_at, EXCLUDED.last_failure_at),
			failures = h.failures + 1,
			unreachable_since = CASE
				WHEN h.unreachable_since IS NULL AND h.failing_since <= EXCLUDED.last_failure_at - ?2::interval
				THEN EXCLUDED.last_failure_at ELSE h.unreachable_since END`,
		host, at, after.String()).Exec(ctx)
	return err
}

// ReachedAll records that hosts wrote to us at at, in one statement: the
// run of failures of each ends.
func (s *Store) ReachedAll(ctx context.Context, hosts []string, at time.Time) error {
	_, err := s.IDB(ctx).NewRaw(`UPDATE federation_hosts SET failing_since = NULL, unreachable_since = NULL,
		failures = 0, last_success_at = ? WHERE host = ANY(?::text[]) AND failing_since IS NOT NULL`, at, pgdialect.Array(hosts)).
		Exec(ctx)
	return err
}

// Reached records that host answered at at: its run of failures ends.
// A host that never failed has no row, and gets none.
func (s *Store) Reached(ctx context.Context, host string, at time.Time) error {
	return s.ReachedAll(ctx, []string{host}, at)
}
