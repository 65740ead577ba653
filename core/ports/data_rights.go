package ports

import (
	"context"

	"social/core/domain"
)

// ArchiveWriter adds files to a member's export archive. Names are
// slash-separated paths inside it ("messages/conversations.json").
type ArchiveWriter interface {
	// JSON adds v, encoded as indented JSON, at name.
	JSON(name string, v any) error
	// Media adds the stored file at key under media/ and answers its path
	// inside the archive; a file already gone is skipped ("" answered).
	Media(ctx context.Context, key string) (string, error)
}

// MemberData is one feature's part of a member's data: what goes into
// their export and how it leaves when they delete their account. The
// core's features and each plugin implement it over their own tables, so
// no feature reads another's.
type MemberData interface {
	// ExportMember writes what the member may take with them: what they
	// made, and what others showed them (messages in their conversations),
	// never what others kept to themselves.
	ExportMember(ctx context.Context, member domain.UserID, w ArchiveWriter) error
	// EraseMember removes at most batch of the deleted member's rows in
	// one transaction, lowering every counter that counted them in that
	// same transaction, and reports whether anything is left. Running it
	// again after it finished changes nothing. Nothing it removes may stay
	// findable: in that same transaction it queues (SearchIndexQueue) the
	// search document of every row it deletes or whose document changes
	// (a count), and drops what else is derived from them (stored files,
	// live subscriptions).
	EraseMember(ctx context.Context, member domain.UserID, batch int) (more bool, err error)
}

// MemberHider is a MemberData whose content must leave every read the
// moment the account is deleted, before EraseMember reaches it (groups
// the member owns, short-lived content). HideMember runs in the
// deletion's transaction, so it does little (no batches), and queues the
// search documents of what it changes, as EraseMember does.
type MemberHider interface {
	HideMember(ctx context.Context, member domain.UserID) error
}
