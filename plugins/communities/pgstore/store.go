// Package pgstore keeps the communities plugin's tables on PostgreSQL
// (bun), joining the unit of work of the context like core's stores.
package pgstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"social/core/domain"
	"social/core/ports"
	"social/platform/pgkit"
	"social/plugins/communities/app"
)

// Store implements app.CommunityStore and app.MemberStore. It reads
// members through the core's member_cards view.
type Store struct{ pgkit.PluginStore }

// New makes the store on db.
func New(db *bun.DB) *Store { return &Store{pgkit.NewPluginStore(db)} }

var (
	_ app.CommunityStore = (*Store)(nil)
	_ app.MemberStore    = (*Store)(nil)
)

// lockClause is FOR <lock>, or nothing outside a transaction.
func lockClause(ctx context.Context, lock app.Lock, of string) string {
	if lock == app.NoLock {
		return ""
	}
	return pgkit.LockFor(ctx, string(lock), of)
}

// --- communities

type communityRow struct {
	ID          uuid.UUID `bun:"id"`
	Name        string    `bun:"name"`
	NameKey     string    `bun:"name_key"`
	Description *string   `bun:"description"`
	Privacy     string    `bun:"privacy"`
	OwnerID     uuid.UUID `bun:"owner_id"`
	AvatarPath  *string   `bun:"avatar_path"`
	MemberCount int       `bun:"member_count"`
	CreatedAt   time.Time `bun:"created_at"`

	Owner pgkit.CardRow `bun:"embed:owner_"`

	MID       *uuid.UUID `bun:"m_id"`
	MRole     *string    `bun:"m_role"`
	MStatus   *string    `bun:"m_status"`
	MJoinedAt *time.Time `bun:"m_joined_at"`
}

func (r communityRow) community(viewer domain.UserID) app.Community {
	c := app.Community{ID: r.ID, Name: r.Name, Description: r.Description, Privacy: app.Privacy(r.Privacy),
		OwnerID: domain.UserID(r.OwnerID), AvatarPath: r.AvatarPath, MemberCount: r.MemberCount, CreatedAt: r.CreatedAt.UTC(),
		Owner: r.Owner.Card(r.OwnerID)}
	if r.MID != nil {
		c.Membership = &app.Member{ID: *r.MID, CommunityID: r.ID, UserID: viewer, Role: app.Role(*r.MRole),
			Status: app.Status(*r.MStatus), JoinedAt: r.MJoinedAt.UTC()}
	}
	return c
}

// communitySelect reads communities with their owner and the viewer's
// membership (one row per community: the pair is unique). Its placeholder
// is the viewer.
var communitySelect = `SELECT c.*, ` + pgkit.CardColumns("o", "owner_") + `,
	m.id AS m_id, m.role AS m_role, m.status AS m_status, m.joined_at AS m_joined_at
	FROM communities c
	LEFT JOIN member_cards o ON o.id = c.owner_id
	LEFT JOIN community_members m ON m.community_id = c.id AND m.user_id = ?`

// nameKey is the folded name the unique index compares: Unicode lower case,
// done here so that it holds whatever the database's locale.
func nameKey(name string) string { return strings.ToLower(name) }

// Insert stores c unless the name is taken (any case).
func (s *Store) Insert(ctx context.Context, c app.Community) (bool, error) {
	res, err := s.IDB(ctx).NewRaw(`INSERT INTO communities (id, name, name_key, description, privacy, owner_id, avatar_path, member_count, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (name_key) DO NOTHING`,
		c.ID, c.Name, nameKey(c.Name), c.Description, string(c.Privacy), uuid.UUID(c.OwnerID), c.AvatarPath, c.MemberCount, c.CreatedAt).
		Exec(ctx)
	if pgkit.ForeignKeyViolation(err) {
		return false, app.ErrNoProfile
	}
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// Get reads one community for viewer.
func (s *Store) Get(ctx context.Context, id uuid.UUID, viewer domain.UserID) (app.Community, error) {
	var rows []communityRow
	if err := s.IDB(ctx).NewRaw(communitySelect+` WHERE c.id = ?`, uuid.UUID(viewer), id).Scan(ctx, &rows); err != nil {
		return app.Community{}, err
	}
	if len(rows) == 0 {
		return app.Community{}, domain.ErrNotFound
	}
	return rows[0].community(viewer), nil
}

// List reads the most popular communities matching q.
func (s *Store) List(ctx context.Context, viewer domain.UserID, q string, limit int) ([]app.Community, error) {
	query, args := communitySelect, []any{uuid.UUID(viewer)}
	if q != "" {
		// Accents go first, so that lower() folds what is left even under
		// the C locale (which lowers ASCII letters only).
		query += ` WHERE lower(immutable_unaccent(c.name)) LIKE lower(immutable_unaccent(?))
			OR lower(immutable_unaccent(coalesce(c.description, ''))) LIKE lower(immutable_unaccent(?))`
		p := pgkit.ContainsPattern(q)
		args = append(args, p, p)
	}
	query += ` ORDER BY c.member_count DESC, c.name, c.id LIMIT ?`
	args = append(args, limit)
	var rows []communityRow
	if err := s.IDB(ctx).NewRaw(query, args...).Scan(ctx, &rows); err != nil {
		return nil, err
	}
	out := make([]app.Community, len(rows))
	for i, r := range rows {
		out[i] = r.community(viewer)
	}
	return out, nil
}

// Lock reads the community's row with lock.
func (s *Store) Lock(ctx context.Context, id uuid.UUID, lock app.Lock) (app.Community, error) {
	var rows []communityRow
	err := s.IDB(ctx).NewRaw(`SELECT c.* FROM communities c WHERE c.id = ?`+lockClause(ctx, lock, "c"), id).Scan(ctx, &rows)
	if err != nil {
		return app.Community{}, err
	}
	if len(rows) == 0 {
		return app.Community{}, domain.ErrNotFound
	}
	return rows[0].community(domain.UserID{}), nil
}

// Delete removes the community with its members and its posts (core
// posts whose audience it is: their likes, comments, hashtag links,
// translations and notifications go with them by cascade; the hashtags'
// usage drops here, as a post's own deletion does). It answers the storage
// keys of the posts' files and link-preview copies.
func (s *Store) Delete(ctx context.Context, id uuid.UUID) ([]string, error) {
	db := s.IDB(ctx)
	var keys []string
	if err := db.NewRaw(`SELECT k FROM posts p CROSS JOIN LATERAL (VALUES (p.media_path), (p.link_preview_image_path)) v(k)
		WHERE p.audience_id = ? AND k IS NOT NULL`, id).
		Scan(ctx, &keys); err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, err
	}
	if _, err := db.NewRaw(`UPDATE hashtags h SET usage_count = greatest(h.usage_count - n.n, 0)
		FROM (SELECT ph.hashtag_id, count(*) AS n FROM post_hashtags ph JOIN posts p ON p.id = ph.post_id
			WHERE p.audience_id = ? GROUP BY ph.hashtag_id) n
		WHERE h.id = n.hashtag_id`, id).Exec(ctx); err != nil {
		return nil, err
	}
	res, err := db.NewRaw(`DELETE FROM communities WHERE id = ?`, id).Exec(ctx)
	if err != nil {
		return nil, err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil, domain.ErrNotFound
	}
	return keys, nil
}

// AddMembers moves member_count.
func (s *Store) AddMembers(ctx context.Context, id uuid.UUID, delta int) (int, error) {
	var n int
	err := s.IDB(ctx).NewRaw(`UPDATE communities SET member_count = member_count + ? WHERE id = ? RETURNING member_count`,
		delta, id).Scan(ctx, &n)
	return n, pgkit.NotFound(err)
}

// --- members

type memberRow struct {
	ID          uuid.UUID `bun:"id"`
	CommunityID uuid.UUID `bun:"community_id"`
	UserID      uuid.UUID `bun:"user_id"`
	Role        string    `bun:"role"`
	Status      string    `bun:"status"`
	JoinedAt    time.Time `bun:"joined_at"`
	pgkit.CardRow
}

func (r memberRow) member() app.Member {
	return app.Member{ID: r.ID, CommunityID: r.CommunityID, UserID: domain.UserID(r.UserID), Role: app.Role(r.Role),
		Status: app.Status(r.Status), JoinedAt: r.JoinedAt.UTC(), Profile: r.Card(r.UserID)}
}

var memberSelect = `SELECT m.*, ` + pgkit.CardColumns("p", "") + `
	FROM community_members m LEFT JOIN member_cards p ON p.id = m.user_id`

// Membership is user's row in community, or nil.
func (s *Store) Membership(ctx context.Context, community uuid.UUID, user domain.UserID, lock app.Lock) (*app.Member, error) {
	var rows []memberRow
	err := s.IDB(ctx).NewRaw(memberSelect+` WHERE m.community_id = ? AND m.user_id = ?`+lockClause(ctx, lock, "m"),
		community, uuid.UUID(user)).Scan(ctx, &rows)
	if err != nil || len(rows) == 0 {
		return nil, err
	}
	m := rows[0].member()
	return &m, nil
}

// Member reads one row of community.
func (s *Store) Member(ctx context.Context, community, id uuid.UUID, lock app.Lock) (app.Member, error) {
	var rows []memberRow
	err := s.IDB(ctx).NewRaw(memberSelect+` WHERE m.community_id = ? AND m.id = ?`+lockClause(ctx, lock, "m"),
		community, id).Scan(ctx, &rows)
	if err != nil {
		return app.Member{}, err
	}
	if len(rows) == 0 {
		return app.Member{}, domain.ErrNotFound
	}
	return rows[0].member(), nil
}

// Members lists the rows of status by joined_at.
func (s *Store) Members(ctx context.Context, community uuid.UUID, status app.Status) ([]app.Member, error) {
	var rows []memberRow
	err := s.IDB(ctx).NewRaw(memberSelect+` WHERE m.community_id = ? AND m.status = ? ORDER BY m.joined_at, m.id`,
		community, string(status)).Scan(ctx, &rows)
	if err != nil {
		return nil, err
	}
	out := make([]app.Member, len(rows))
	for i, r := range rows {
		out[i] = r.member()
	}
	return out, nil
}

// InsertMember adds a row.
func (s *Store) InsertMember(ctx context.Context, m app.Member) error {
	_, err := s.IDB(ctx).NewRaw(`INSERT INTO community_members (id, community_id, user_id, role, status, joined_at)
		VALUES (?, ?, ?, ?, ?, ?)`, m.ID, m.CommunityID, uuid.UUID(m.UserID), string(m.Role), string(m.Status), m.JoinedAt).Exec(ctx)
	if pgkit.ForeignKeyViolation(err) {
		return app.ErrNoProfile
	}
	return err
}

// UpdateMember writes role, status and joined_at.
func (s *Store) UpdateMember(ctx context.Context, m app.Member) error {
	_, err := s.IDB(ctx).NewRaw(`UPDATE community_members SET role = ?, status = ?, joined_at = ? WHERE id = ?`,
		string(m.Role), string(m.Status), m.JoinedAt, m.ID).Exec(ctx)
	return err
}

// DeleteMember deletes a row.
func (s *Store) DeleteMember(ctx context.Context, id uuid.UUID) error {
	_, err := s.IDB(ctx).NewRaw(`DELETE FROM community_members WHERE id = ?`, id).Exec(ctx)
	return err
}

type exportMembership struct {
	CommunityID uuid.UUID `bun:"community_id" json:"comunidade_id"`
	Name        string    `bun:"name" json:"comunidade"`
	Role        string    `bun:"role" json:"papel"`
	Status      string    `bun:"status" json:"situacao"`
	JoinedAt    time.Time `bun:"joined_at" json:"desde"`
}

// ExportMember writes communities/memberships.json.
func (s *Store) ExportMember(ctx context.Context, member domain.UserID, w ports.ArchiveWriter) error {
	list := []exportMembership{}
	if err := s.IDB(ctx).NewRaw(`SELECT m.community_id, c.name, m.role, m.status, m.joined_at
		FROM community_members m JOIN communities c ON c.id = m.community_id
		WHERE m.user_id = ? ORDER BY m.joined_at, m.id`, uuid.UUID(member)).Scan(ctx, &list); err != nil {
		return fmt.Errorf("memberships: %w", err)
	}
	return w.JSON("communities/memberships.json", list)
}
