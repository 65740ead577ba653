package pgstore

import (
	"github.com/google/uuid"

	"social/core/domain"
)

// The clauses below keep, in a read made for a viewer, what blocks and
// mutes hide from them. Each starts with " AND " and takes, in order, the
// arguments its function returns with it. The zero viewer (nobody signed
// in) matches no block or mute. Muted words are not matched in SQL: the
// reads select each row's text folded (FoldedText) and leave out, page by
// page, what the viewer's MutedWords hide (muted_words_filter.go).

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

// HiddenMember is the clauses of every list the viewer reads: the
// member's rows hidden by a block either way or by the viewer's mute. The
// texts holding one of the viewer's muted words are left out after the
// read (MutedWordsOf, Unmuted).
func HiddenMember(member string, viewer domain.UserID) (string, []any) {
	bq, ba := NotBlockedWith(member, viewer)
	mq, ma := notMutedBy(member, viewer)
	return bq + mq, append(ba, ma...)
}
