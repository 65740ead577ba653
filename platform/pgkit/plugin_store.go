package pgkit

import (
	"context"
	"database/sql"

	"github.com/google/uuid"
	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"

	"social/core/domain"
)

// PluginStore is the base a plugin's store embeds: the database it runs
// on, joining the unit of work the context carries, and the reading of
// member cards through the core's member_cards view (a plugin reads no
// core table: see the core migration that publishes the views).
type PluginStore struct{ DB *bun.DB }

// NewPluginStore makes the base on db.
func NewPluginStore(db *bun.DB) PluginStore { return PluginStore{DB: db} }

// IDB is where the store's query runs: the context's transaction, else
// the database.
func (s PluginStore) IDB(ctx context.Context) bun.IDB { return IDB(ctx, s.DB) }

// Transactor is a Transactor on the store's database, for a store method
// that is its own unit of work.
func (s PluginStore) Transactor() *Transactor { return NewTransactor(s.DB) }

// LockFor is " FOR <lock> OF <table>" inside a transaction and nothing
// outside one, where a lock would end with the statement.
func LockFor(ctx context.Context, lock, table string) string {
	if _, ok := TxFrom(ctx); !ok || lock == "" {
		return ""
	}
	return " FOR " + lock + " OF " + table
}

// CardColumns selects the card of member_cards row alias, each column
// named with prefix as CardRow scans it under bun:"embed:<prefix>".
func CardColumns(alias, prefix string) string {
	col := func(c string) string { return alias + "." + c + " AS " + prefix + c }
	return col("handle") + ", " + col("display_name") + ", " + col("avatar_path") + ", " + col("is_verified")
}

// CardRow scans CardColumns; its columns are NULL when the member has no
// card (a LEFT JOIN found none).
type CardRow struct {
	Handle      *string `bun:"handle"`
	DisplayName *string `bun:"display_name"`
	AvatarPath  *string `bun:"avatar_path"`
	IsVerified  bool    `bun:"is_verified"`
}

// Card is member id's card (domain.NewMemberCard applies the fallback).
func (r CardRow) Card(id uuid.UUID) domain.MemberCard {
	return domain.NewMemberCard(domain.UserID(id), r.Handle, r.DisplayName, r.AvatarPath, r.IsVerified)
}

// Card reads member's card; a member without one gets the fallback card.
func (s PluginStore) Card(ctx context.Context, member domain.UserID) (domain.MemberCard, error) {
	var rows []CardRow
	err := s.IDB(ctx).NewRaw(`SELECT `+CardColumns("c", "")+` FROM member_cards c WHERE c.id = ?`,
		uuid.UUID(member)).Scan(ctx, &rows)
	if err != nil {
		return domain.MemberCard{}, err
	}
	if len(rows) == 0 {
		return CardRow{}.Card(uuid.UUID(member)), nil
	}
	return rows[0].Card(uuid.UUID(member)), nil
}

// Follows reports whether follower follows followee (member_follows).
func (s PluginStore) Follows(ctx context.Context, follower, followee domain.UserID) (bool, error) {
	var ok bool
	err := s.IDB(ctx).NewRaw(`SELECT EXISTS (SELECT 1 FROM member_follows WHERE follower_id = ? AND following_id = ?)`,
		uuid.UUID(follower), uuid.UUID(followee)).Scan(ctx, &ok)
	return ok, err
}

// UUIDArray is ids as a PostgreSQL uuid[] parameter (write ?::uuid[]).
func UUIDArray[ID ~[16]byte](ids []ID) any {
	s := make([]string, len(ids))
	for i, id := range ids {
		s[i] = uuid.UUID(id).String()
	}
	return pgdialect.Array(s)
}

// Changed is whether a write touched a row.
func Changed(res sql.Result, err error) (bool, error) {
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n > 0, err
}
