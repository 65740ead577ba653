package pgstore

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"

	"social/core/domain"
	"social/kit/adminkit"
	"social/platform/pgkit"
	"social/plugins/federation/app"
)

var (
	_ app.PolicyStore  = (*Store)(nil)
	_ app.DomainPurger = (*Store)(nil)
)

type policyRow struct {
	ID          uuid.UUID `bun:"id"`
	Domain      string    `bun:"domain"`
	Suspend     bool      `bun:"suspend"`
	Silence     bool      `bun:"silence"`
	RejectMedia bool      `bun:"reject_media"`
	Reason      string    `bun:"reason"`
	CreatedAt   time.Time `bun:"created_at"`
	UpdatedAt   time.Time `bun:"updated_at"`
}

func (r policyRow) policy() app.InstancePolicy {
	return app.InstancePolicy{ID: r.ID, Domain: r.Domain, Suspend: r.Suspend, Silence: r.Silence,
		RejectMedia: r.RejectMedia, Reason: r.Reason, CreatedAt: r.CreatedAt.UTC(), UpdatedAt: r.UpdatedAt.UTC()}
}

const policyColumns = `id, domain, suspend, silence, reject_media, reason, created_at, updated_at`

func (s *Store) policy(ctx context.Context, where string, arg any) (app.InstancePolicy, error) {
	var r policyRow
	err := s.IDB(ctx).NewRaw(`SELECT `+policyColumns+` FROM federation_instance_policies WHERE `+where, arg).Scan(ctx, &r)
	if errors.Is(err, sql.ErrNoRows) {
		return app.InstancePolicy{}, domain.ErrNotFound
	}
	return r.policy(), err
}

// PolicyByDomain reads the policy of domain.
func (s *Store) PolicyByDomain(ctx context.Context, d string) (app.InstancePolicy, error) {
	return s.policy(ctx, "domain = ?", d)
}

// LockPolicy reads policy id and holds its row.
func (s *Store) LockPolicy(ctx context.Context, id uuid.UUID) (app.InstancePolicy, error) {
	return s.policy(ctx, "id = ? FOR UPDATE", id)
}

// InsertPolicy stores a new policy.
func (s *Store) InsertPolicy(ctx context.Context, p app.InstancePolicy) error {
	_, err := s.IDB(ctx).NewRaw(`INSERT INTO federation_instance_policies (`+policyColumns+`)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, p.ID, p.Domain, p.Suspend, p.Silence, p.RejectMedia, p.Reason, p.CreatedAt,
		p.UpdatedAt).Exec(ctx)
	if pgkit.UniqueViolation(err) != "" {
		return app.ErrPolicyExists
	}
	return err
}

// UpdatePolicy stores p's measures and reason.
func (s *Store) UpdatePolicy(ctx context.Context, p app.InstancePolicy) error {
	_, err := s.IDB(ctx).NewRaw(`UPDATE federation_instance_policies SET suspend = ?, silence = ?, reject_media = ?,
		reason = ?, updated_at = ? WHERE id = ?`, p.Suspend, p.Silence, p.RejectMedia, p.Reason, p.UpdatedAt, p.ID).Exec(ctx)
	return err
}

// DeletePolicy deletes policy id.
func (s *Store) DeletePolicy(ctx context.Context, id uuid.UUID) error {
	_, err := s.IDB(ctx).NewRaw(`DELETE FROM federation_instance_policies WHERE id = ?`, id).Exec(ctx)
	return err
}

// PolicyAdminRow is one instance policy in the admin console.
type PolicyAdminRow struct {
	ID          string    `json:"id"`
	Domain      string    `json:"domain"`
	Suspend     bool      `json:"suspend"`
	Silence     bool      `json:"silence"`
	RejectMedia bool      `json:"reject_media"`
	Reason      string    `json:"reason"`
	Accounts    int       `json:"accounts" doc:"Remote accounts of the domain known here"`
	CreatedAt   time.Time `json:"created_at"`
	UpdatedAt   time.Time `json:"updated_at"`
}

// PolicyAdminList is the console's instance policies, searched by
// domain and filtered by measure.
var PolicyAdminList = adminkit.SQLList{
	From: "federation_instance_policies AS p",
	Columns: "p.id, p.domain, p.suspend, p.silence, p.reject_media, p.reason, p.created_at, p.updated_at, " +
		"(SELECT count(*) FROM federation_remote_actors r WHERE r.host = p.domain) AS accounts",
	Sortable: map[string]string{
		"id": "p.id", "domain": "p.domain", "suspend": "p.suspend", "silence": "p.silence",
		"reject_media": "p.reject_media", "created_at": "p.created_at", "updated_at": "p.updated_at",
	},
	DefaultSort: "created_at",
	Narrowing: adminkit.Narrowing{ID: "p.id", Search: "p.domain LIKE lower(?)",
		Filters: []adminkit.Filter{
			{Key: "suspend", Kind: adminkit.Bool, Where: "p.suspend = ?"},
			{Key: "silence", Kind: adminkit.Bool, Where: "p.silence = ?"},
			{Key: "reject_media", Kind: adminkit.Bool, Where: "p.reject_media = ?"},
		}},
}

// PolicyAdminRows reads one page of PolicyAdminList and the total.
func (s *Store) PolicyAdminRows(ctx context.Context, q adminkit.SQLQuery) ([]PolicyAdminRow, int, error) {
	return adminkit.ListAs(ctx, s.IDB(ctx), PolicyAdminList, q, func(r policyAdminScan) PolicyAdminRow {
		return PolicyAdminRow{ID: r.ID.String(), Domain: r.Domain, Suspend: r.Suspend, Silence: r.Silence,
			RejectMedia: r.RejectMedia, Reason: r.Reason, Accounts: r.Accounts, CreatedAt: r.CreatedAt.UTC(),
			UpdatedAt: r.UpdatedAt.UTC()}
	})
}

type policyAdminScan struct {
	ID          uuid.UUID `bun:"id"`
	Domain      string    `bun:"domain"`
	Suspend     bool      `bun:"suspend"`
	Silence     bool      `bun:"silence"`
	RejectMedia bool      `bun:"reject_media"`
	Reason      string    `bun:"reason"`
	Accounts    int       `bun:"accounts"`
	CreatedAt   time.Time `bun:"created_at"`
	UpdatedAt   time.Time `bun:"updated_at"`
	adminkit.Matching
}

// PurgeDomainArgs is the job that removes every remote account of a
// suspended domain.
type PurgeDomainArgs struct {
	Domain string `json:"domain"`
}

// Kind is the job's stable name.
func (PurgeDomainArgs) Kind() string { return "federation.purge_domain" }

// InsertOpts puts the job in the inbox queue: it is the inbox's kind of
// work (removing what other servers made here), never in front of the
// members' jobs. One at a time per domain.
func (PurgeDomainArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: InboxQueue, MaxAttempts: 10, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// EnqueuePurge queues the removal of domain's remote accounts.
func (s *Store) EnqueuePurge(ctx context.Context, d string) error {
	return s.Jobs.Insert(ctx, PurgeDomainArgs{Domain: d}, nil)
}

// ProfilesOfHost are the remote profiles of host's actors, at most limit.
func (s *Store) ProfilesOfHost(ctx context.Context, host string, limit int) ([]domain.UserID, error) {
	var ids []uuid.UUID
	if err := s.IDB(ctx).NewRaw(`SELECT profile_id FROM federation_remote_actors WHERE host = ? ORDER BY profile_id
		LIMIT ?`, host, limit).Scan(ctx, &ids); err != nil {
		return nil, err
	}
	out := make([]domain.UserID, len(ids))
	for i, id := range ids {
		out[i] = domain.UserID(id)
	}
	return out, nil
}
