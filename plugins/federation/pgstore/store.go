// Package pgstore keeps what only federation stores (the members' key
// pairs) and reads the members, on PostgreSQL (bun).
package pgstore

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"social/core/domain"
	"social/platform/pgkit"
	"social/plugins/federation/app"
)

// Store implements the plugin's ports.
type Store struct {
	pgkit.PluginStore
	// Jobs queues the processing of received activities.
	Jobs *pgkit.JobInserter
}

// New makes the store on db.
func New(db *bun.DB, jobs *pgkit.JobInserter) *Store {
	return &Store{PluginStore: pgkit.NewPluginStore(db), Jobs: jobs}
}

var (
	_ app.MemberStore = (*Store)(nil)
	_ app.KeyStore    = (*Store)(nil)
)

type memberRow struct {
	ID        uuid.UUID `bun:"id"`
	Handle    string    `bun:"handle"`
	Suspended bool      `bun:"suspended"`
	Deleted   bool      `bun:"deleted"`
}

func (s *Store) member(ctx context.Context, where string, arg any) (app.Member, error) {
	var r memberRow
	err := s.IDB(ctx).NewRaw(`SELECT id, handle, coalesce(suspended, false) AS suspended, coalesce(deleted, false) AS deleted
		FROM member_cards WHERE domain IS NULL AND `+where, arg).Scan(ctx, &r)
	if errors.Is(err, sql.ErrNoRows) {
		return app.Member{}, domain.ErrNotFound
	}
	if err != nil {
		return app.Member{}, err
	}
	return app.Member{ID: domain.UserID(r.ID), Handle: r.Handle, Suspended: r.Suspended, Deleted: r.Deleted}, nil
}

// MemberByHandle reads the member of a normalized handle. A remote
// account (a profile with a domain) is no member here: this server never
// answers for it.
func (s *Store) MemberByHandle(ctx context.Context, handle string) (app.Member, error) {
	return s.member(ctx, "handle = ?", handle)
}

// MemberByID reads the member of id.
func (s *Store) MemberByID(ctx context.Context, id domain.UserID) (app.Member, error) {
	return s.member(ctx, "id = ?", uuid.UUID(id))
}

// PublicKey reads member's public key (the site actor's for app.SiteActorID,
// as every key method here).
func (s *Store) PublicKey(ctx context.Context, member domain.UserID) (app.PublicKey, error) {
	var k struct {
		PEM       string       `bun:"public_key_pem"`
		CreatedAt time.Time    `bun:"created_at"`
		RotatedAt sql.NullTime `bun:"rotated_at"`
	}
	q := s.IDB(ctx).NewRaw(`SELECT public_key_pem, created_at, rotated_at FROM federation_member_keys
		WHERE member_id = ?`, uuid.UUID(member))
	if member == app.SiteActorID {
		q = s.IDB(ctx).NewRaw(`SELECT public_key_pem, created_at, rotated_at FROM federation_site_key`)
	}
	err := q.Scan(ctx, &k)
	if errors.Is(err, sql.ErrNoRows) {
		return app.PublicKey{}, domain.ErrNotFound
	}
	if err != nil {
		return app.PublicKey{}, err
	}
	return app.PublicKey{PEM: k.PEM, CreatedAt: k.CreatedAt.UTC(), RotatedAt: k.RotatedAt.Time.UTC()}, nil
}

// AddKey stores pair unless member has a key.
func (s *Store) AddKey(ctx context.Context, member domain.UserID, pair app.KeyPair, at time.Time) error {
	if member == app.SiteActorID {
		_, err := s.IDB(ctx).NewRaw(`INSERT INTO federation_site_key (public_key_pem, private_key_pem, created_at)
			VALUES (?, ?, ?) ON CONFLICT (id) DO NOTHING`, pair.PublicPEM, pair.PrivatePEM, at).Exec(ctx)
		return err
	}
	_, err := s.IDB(ctx).NewRaw(`INSERT INTO federation_member_keys (member_id, public_key_pem, private_key_pem, created_at)
		VALUES (?, ?, ?, ?) ON CONFLICT (member_id) DO NOTHING`,
		uuid.UUID(member), pair.PublicPEM, pair.PrivatePEM, at).Exec(ctx)
	return err
}

// ReplaceKey stores pair as member's key, whether or not they had one.
func (s *Store) ReplaceKey(ctx context.Context, member domain.UserID, pair app.KeyPair, at time.Time) error {
	if member == app.SiteActorID {
		_, err := s.IDB(ctx).NewRaw(`INSERT INTO federation_site_key (public_key_pem, private_key_pem, created_at)
			VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET public_key_pem = EXCLUDED.public_key_pem,
				private_key_pem = EXCLUDED.private_key_pem, rotated_at = EXCLUDED.created_at`,
			pair.PublicPEM, pair.PrivatePEM, at).Exec(ctx)
		return err
	}
	_, err := s.IDB(ctx).NewRaw(`INSERT INTO federation_member_keys (member_id, public_key_pem, private_key_pem, created_at)
		VALUES (?, ?, ?, ?) ON CONFLICT (member_id) DO UPDATE SET public_key_pem = EXCLUDED.public_key_pem,
			private_key_pem = EXCLUDED.private_key_pem, rotated_at = EXCLUDED.created_at`,
		uuid.UUID(member), pair.PublicPEM, pair.PrivatePEM, at).Exec(ctx)
	return err
}
