package pgstore

import (
	"github.com/google/uuid"

	"social/core/domain"
)

// The clauses below keep, in a read made for a viewer, what blocks, mutes
// and muted words hide from them. Each starts with " AND " and takes, in
// order, the arguments its function returns with it. The zero viewer
// (nobody signed in) matches no block, mute or word.

// NotBlockedWith hides rows whose member (the column member) blocks the
// viewer or is blocked by them: a block hides in both directions.
func NotBlockedWith(member string, viewer domain.UserID) (string, []any) {
	return ` AND NOT EXISTS (SELECT 1 FROM member_blocks mb WHERE (mb.blocker_id = ? AND mb.blocked_id = ` + member + `)
		OR (mb.blocked_id = ? AND mb.blocker_id = ` + member + `))`, []any{uuid.UUID(viewer), uuid.UUID(viewer)}
}

// notMutedBy hides rows whose member the viewer mutes.
func notMutedBy(member string, viewer domain.UserID) (string, []any) {
	return ` AND NOT EXISTS (SELECT 1 FROM member_mutes mm WHERE mm.muter_id = ? AND mm.muted_id = ` + member + `)`,
		[]any{uuid.UUID(viewer)}
}

// noMutedWord hides rows whose text (the expression text, possibly NULL)
// holds one of the viewer's muted words still in force, folded the way
// muted_words.pattern is (case and accents, as search folds them).
func noMutedWord(text string, viewer domain.UserID) (string, []any) {
	return ` AND NOT EXISTS (SELECT 1 FROM muted_words mw WHERE mw.member_id = ?
		AND (mw.expires_at IS NULL OR mw.expires_at > now())
		AND lower(immutable_unaccent(coalesce(` + text + `, ''))) ~ mw.pattern)`, []any{uuid.UUID(viewer)}
}

// HiddenFromFeed is every clause of a list the viewer reads: the member's
// rows hidden by a block either way or by the viewer's mute, and the
// texts holding a muted word.
func HiddenFromFeed(member, text string, viewer domain.UserID) (string, []any) {
	var q string
	var args []any
	for _, c := range []func() (string, []any){
		func() (string, []any) { return NotBlockedWith(member, viewer) },
		func() (string, []any) { return notMutedBy(member, viewer) },
		func() (string, []any) { return noMutedWord(text, viewer) },
	} {
		cq, ca := c()
		q += cq
		args = append(args, ca...)
	}
	return q, args
}
