package pgkit

import (
	"context"

	"github.com/google/uuid"
	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"

	"social/core/domain"
)

// The reads other features make of what blocks, mutes and muted words
// hide, through the core's read views of them (blocked_pairs,
// muted_pairs, member_muted_words): plain projections the planner
// inlines, so each clause keeps the plan it had on the safety tables.
//
// Each clause starts with " AND " and takes, in order, the arguments its
// function returns with it. The zero viewer (nobody signed in) matches no
// block or mute.

// NotBlockedWith hides rows whose member (the column member) blocks the
// viewer or is blocked by them, a block hiding in both directions, and
// rows whose member is an account of a server the viewer blocks
// (blocked_domains). The domain is asked about the row's member only
// when the viewer blocks some server (an InitPlan, read once), and then
// by the member's own domain: a view of the pairs a domain block implies
// made the planner list every profile of the blocked servers for each
// read. The other way, the viewer is a remote account when the inbox acts
// as it (a Like, a reply): the row's member may block its server; that
// is asked only when the viewer has a domain (an InitPlan too).
func NotBlockedWith(member string, viewer domain.UserID) (string, []any) {
	v := uuid.UUID(viewer)
	return ` AND NOT EXISTS (SELECT 1 FROM blocked_pairs mb WHERE (mb.blocker_id = ? AND mb.blocked_id = ` + member + `)
		OR (mb.blocked_id = ? AND mb.blocker_id = ` + member + `))
		AND (NOT EXISTS (SELECT 1 FROM blocked_domains bd WHERE bd.member_id = ?)
			OR NOT EXISTS (SELECT 1 FROM blocked_domains bd WHERE bd.member_id = ?
				AND bd.domain = (SELECT bp.domain FROM profiles bp WHERE bp.id = ` + member + `)))
		AND ((SELECT vp.domain FROM profiles vp WHERE vp.id = ?) IS NULL
			OR NOT EXISTS (SELECT 1 FROM blocked_domains bd WHERE bd.member_id = ` + member + `
				AND bd.domain = (SELECT vp.domain FROM profiles vp WHERE vp.id = ?)))`, []any{v, v, v, v, v, v}
}

// EitherBlocksSQL is the condition "a and b are kept apart": a block
// either way, or a's block of b's server, or b's of a's. Its arguments
// are a, b, b, a, a, b, b, a, in that order (EitherBlocksArgs).
const EitherBlocksSQL = `(EXISTS (SELECT 1 FROM blocked_pairs
		WHERE (blocker_id = ? AND blocked_id = ?) OR (blocker_id = ? AND blocked_id = ?))
	OR EXISTS (SELECT 1 FROM blocked_domains bd JOIN profiles bp ON bp.domain = bd.domain
		WHERE (bd.member_id = ? AND bp.id = ?) OR (bd.member_id = ? AND bp.id = ?)))`

// EitherBlocksArgs are EitherBlocksSQL's arguments for a and b.
func EitherBlocksArgs(a, b any) []any { return []any{a, b, b, a, a, b, b, a} }

// HiddenMember is the clauses of every list the viewer reads: the
// member's rows hidden by a block either way or by the viewer's mute. The
// texts holding one of the viewer's muted words are left out after the
// read (MutedWords).
func HiddenMember(member string, viewer domain.UserID) (string, []any) {
	q, args := NotBlockedWith(member, viewer)
	return q + ` AND NOT EXISTS (SELECT 1 FROM muted_pairs mm WHERE mm.muter_id = ? AND mm.muted_id = ` + member + `)`,
		append(args, uuid.UUID(viewer))
}

// EitherBlocks reports whether a blocks b or b blocks a (their servers
// included), for a write that must refuse an interaction between them.
func EitherBlocks(ctx context.Context, db *bun.DB, a, b domain.UserID) (bool, error) {
	var blocked bool
	err := IDB(ctx, db).NewRaw(`SELECT `+EitherBlocksSQL,
		EitherBlocksArgs(uuid.UUID(a), uuid.UUID(b))...).Scan(ctx, &blocked)
	return blocked, err
}

// MutedWords reads what the database knows of muted words, for the
// matching of the reads made for a viewer (the safety feature's
// MutedWordsSource).
type MutedWords struct{ DB *bun.DB }

// mutedWordsInForce is a member's muted words in force now (the
// database's clock, as every read's), folded.
const mutedWordsInForce = `SELECT folded FROM member_muted_words
	WHERE member_id = ? AND (expires_at IS NULL OR expires_at > now())`

// foldedRow is a row of mutedWordsInForce.
type foldedRow struct {
	Folded string `bun:"folded"`
}

// MutedWordsInForce reads member's muted words in force now, folded.
func (w MutedWords) MutedWordsInForce(ctx context.Context, member domain.UserID) ([]string, error) {
	var rows []foldedRow
	// Read before every list a member opens, hence prepared.
	if err := Prepared(ctx, w.DB, &rows, mutedWordsInForce, uuid.UUID(member)); err != nil {
		return nil, err
	}
	return foldedWords(rows), nil
}

// MutedWordsInForceWith is MutedWordsInForce and the first page of a list
// (read into page.Dest), in one round trip: the list's query does not
// depend on the words, which are matched against its rows afterwards.
func (w MutedWords) MutedWordsInForceWith(ctx context.Context, member domain.UserID, page Query) ([]string, error) {
	var rows []foldedRow
	if err := PreparedTogether(ctx, w.DB, Query{SQL: mutedWordsInForce, Args: []any{uuid.UUID(member)}, Dest: &rows}, page); err != nil {
		return nil, err
	}
	return foldedWords(rows), nil
}

func foldedWords(rows []foldedRow) []string {
	folded := make([]string, len(rows))
	for i, r := range rows {
		folded[i] = r.Folded
	}
	return folded
}

// FoldCharacters folds each of chars, in their order, as search folds
// text: lower(immutable_unaccent(...)).
func (w MutedWords) FoldCharacters(ctx context.Context, chars []rune) ([]string, error) {
	var folded []string
	err := IDB(ctx, w.DB).NewRaw(`SELECT lower(immutable_unaccent(chr(u.c))) FROM unnest(?::int[]) WITH ORDINALITY u(c, i) ORDER BY u.i`,
		pgdialect.Array(chars)).Scan(ctx, &folded)
	return folded, err
}
